/**
 * The guest-identity chart the booking chart invokes at the details step for a visitor not logged in
 * (machines/booking/guest-identity.machine.ts, invoke id `identity`): its pages read it through these.
 * The booking chart's own snapshot does not change while the invoked chart moves, so a reading follows both.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate';
import type { guestIdentityMachine } from '../../machines/booking/guest-identity.machine';
import { BookingContext } from './booking-context';

type IdentityActor = ActorRefFrom<typeof guestIdentityMachine>;
export type IdentitySnapshot = SnapshotFrom<typeof guestIdentityMachine>;

/** The booking actor and the chart it invoked as `identity`, if it runs. */
type BookingActor = ReturnType<typeof BookingContext.useActorRef>;
const identityOf = (booking: BookingActor) => booking.getSnapshot().children.identity as IdentityActor | undefined;

/**
 * Subscribes to the booking chart and to whichever identity chart it runs, so a reading of either is
 * fresh: the route sync and the identity pages read through it.
 */
export function subscribeDeep(booking: AnyActorRef, onChange: () => void): () => void {
  let child: AnyActorRef | undefined;
  let childSubscription: { unsubscribe: () => void } | undefined;
  const follow = () => {
    const next = (booking.getSnapshot() as { children: Record<string, AnyActorRef | undefined> }).children.identity;
    if (next !== child) {
      childSubscription?.unsubscribe();
      child = next;
      childSubscription = child?.subscribe(onChange);
    }
    onChange();
  };
  const subscription = booking.subscribe(follow);
  follow();
  return () => {
    subscription.unsubscribe();
    childSubscription?.unsubscribe();
  };
}

/** `select` of the identity chart's snapshot (undefined when it does not run); keep the value stable (no new objects). */
export function useIdentitySelector<T>(select: (identity: IdentitySnapshot | undefined) => T): T {
  const booking = BookingContext.useActorRef();
  const subscribe = useCallback((onChange: () => void) => subscribeDeep(booking, onChange), [booking]);
  const read = () => select(identityOf(booking)?.getSnapshot());
  return useSyncExternalStore(subscribe, read, read);
}
