/**
 * Runs the manage chart for one reservation on a page, opened as soon as the page mounts and read again
 * after a language switch: for the logged-in user (the session told of a cancellation), or through a
 * reservation's manage link, whose token stands in for the session.
 */
import { useLingui } from '@lingui/react';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { manageMachine, type Reservation } from '../../machines/manage.machine';
import { SessionContext, useSessionUser } from '../session/session-provider';
import { linkActors, readThroughLink, type LinkHolder } from './link-actors';
import { fetchReservation, manageActors } from './manage-actors';

type Intent = 'view' | 'cancel';

export function useManageReservation(id: string, intent: Intent) {
  const session = SessionContext.useActorRef();
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const member = user?.role === 'member';
  const logic = useMemo(
    () =>
      manageMachine.provide({
        actors: manageActors(userId),
        // A member may pay what a change costs more from the wallet (the server checks again).
        guards: { walletOffered: () => member },
        actions: {
          // One fewer upcoming reservation; the session re-reads the real count at its next start.
          reportCanceled: () =>
            session.send({ type: 'upcoming.set', count: Math.max(0, session.getSnapshot().context.upcomingCount - 1) }),
        },
      }),
    [session, userId, member],
  );
  return useManageChart(logic, id, intent, () => fetchReservation(userId, id));
}

/** The chart for the reservation of a manage link; `holder` keeps the token as it moves on with each change. */
export function useManageLink(holder: LinkHolder, intent: Intent) {
  const logic = useMemo(() => manageMachine.provide({ actors: linkActors(holder) }), [holder]);
  // The link's token names the reservation; the chart's id is unused by its calls.
  return useManageChart(logic, 'link', intent, () => readThroughLink(holder));
}

function useManageChart(logic: typeof manageMachine, id: string, intent: Intent, reread: () => Promise<Reservation>) {
  const [snapshot, send] = useMachine(logic);
  useEffect(() => {
    send({ type: 'reservation.open', id, intent });
  }, [send, id, intent]);
  // Its names came in the language of the time: after a switch, read it again in the new one.
  const { i18n } = useLingui();
  const shownIn = useRef(i18n.locale);
  const rereadRef = useRef(reread);
  rereadRef.current = reread;
  useEffect(() => {
    if (shownIn.current === i18n.locale) return;
    shownIn.current = i18n.locale;
    let live = true;
    // A failed read leaves the names as they were: still right, only in the other language.
    rereadRef.current().then((reservation) => live && send({ type: 'reservation.translated', reservation }), () => {});
    return () => {
      live = false;
    };
  }, [send, i18n.locale]);
  return [snapshot, send] as const;
}
