/**
 * Runs the manage chart for one reservation on a page: the real calls for the logged-in user, the
 * session told of a cancellation, and the reservation opened as soon as the page mounts.
 */
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { manageMachine } from '../../machines/manage.machine';
import { SessionContext, useSessionUser } from '../session/session-provider';
import { manageActors } from './manage-actors';

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
  return [snapshot, send] as const;
}
