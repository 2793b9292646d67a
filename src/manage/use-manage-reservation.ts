/**
 * Runs the manage chart for one reservation on a page: the real calls for the logged-in user, the
 * session told of a cancellation, and the reservation opened as soon as the page mounts.
 */
import { useLingui } from '@lingui/react';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { manageMachine } from '../../machines/manage.machine';
import { SessionContext, useSessionUser } from '../session/session-provider';
import { fetchReservation, manageActors } from './manage-actors';

export function useManageReservation(id: string, intent: 'view' | 'cancel') {
  const session = SessionContext.useActorRef();
  const userId = useSessionUser()?._id ?? '';
  const logic = useMemo(
    () =>
      manageMachine.provide({
        actors: manageActors(userId),
        actions: {
          // One fewer upcoming reservation; the session re-reads the real count at its next start.
          reportCanceled: () =>
            session.send({ type: 'upcoming.set', count: Math.max(0, session.getSnapshot().context.upcomingCount - 1) }),
        },
      }),
    [session, userId],
  );
  const [snapshot, send] = useMachine(logic);
  useEffect(() => {
    send({ type: 'reservation.open', id, intent });
  }, [send, id, intent]);
  // Its names came in the language of the time: after a switch, read it again in the new one.
  const { i18n } = useLingui();
  const shownIn = useRef(i18n.locale);
  useEffect(() => {
    if (shownIn.current === i18n.locale) return;
    shownIn.current = i18n.locale;
    let live = true;
    // A failed read leaves the names as they were: still right, only in the other language.
    fetchReservation(userId, id).then((reservation) => live && send({ type: 'reservation.translated', reservation }), () => {});
    return () => {
      live = false;
    };
  }, [send, userId, id, i18n.locale]);
  return [snapshot, send] as const;
}
