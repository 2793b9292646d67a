/**
 * Runs the booking statechart for the app: real calls, the session's log-in state, a snapshot kept in
 * sessionStorage so a reload resumes the same step (and the hold's countdown), and the address kept in
 * step with the chart.
 */
import { useLingui } from '@lingui/react';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import { fromPromise } from 'xstate';
import { bookingMachine, type GuestContact, type GuestSession } from '../../machines/booking/booking.machine';
import { guestIdentityMachine } from '../../machines/booking/guest-identity.machine';
import { serverClock } from '../api/server-clock';
import { sessionUserOf } from '../session/session-user';
import { SessionContext, useIsLoggedIn } from '../session/session-provider';
import { AVAILABILITY_PREFIX, MONEY_PREFIXES, RESERVATION_PREFIX } from '../api/query-keys';
import { invalidate } from '../api/use-api-query';
import { paymentMachine } from '../../machines/payment.machine';
import { phoneVerificationMachine, type CodeChannel } from '../../machines/phone-verification.machine';
import { bookingActors, fetchVenue, openGuestSession, phoneVerificationActors } from './booking-actors';
import { cardGuaranteeActors, paymentActors } from '../payment/payment-actors';
import { cardGuaranteeMachine } from '../../machines/card-guarantee.machine';
import { BookingContext } from './booking-context';
import { BOOKING_SNAPSHOT_KEY, OLD_BOOKING_SNAPSHOT_KEYS } from './booking-paths';
import { BookingRouteSync } from './booking-route-sync';

// Development builds only (production drops it, import and all): the live statechart page and the Stately inspector.
const devInspect = import.meta.env.DEV ? (await import('../dev/dev-inspect')).devInspect : undefined;

/**
 * The snapshot kept before the last reload. One kept by an earlier shape of the chart (under an older key)
 * is dropped: its states may no longer exist, and the booking starts again at its first step.
 */
function savedSnapshot(): SnapshotFrom<typeof bookingMachine> | undefined {
  OLD_BOOKING_SNAPSHOT_KEYS.forEach((key) => sessionStorage.removeItem(key));
  try {
    const raw = sessionStorage.getItem(BOOKING_SNAPSHOT_KEY);
    return raw ? (JSON.parse(raw) as SnapshotFrom<typeof bookingMachine>) : undefined;
  } catch {
    return undefined;
  }
}

/** Card details pass through the payment chart's events; they must never be written to storage. */
const CARD_KEYS = new Set(['cardNumber', 'cvc', 'expMonth', 'expYear', 'cardholderName']);
const withoutCardDetails = (key: string, value: unknown) => (CARD_KEYS.has(key) ? undefined : value);

/** Keeps the snapshot, feeds the chart the session's state, and re-arms the hold after a reload. */
function BookingEffects() {
  const booking = BookingContext.useActorRef();
  const loggedIn = useIsLoggedIn();
  // A stored session still being checked (at start, and after a reload) is not a log-out: the chart hears
  // of the session only once it is known, so the details typed in this tab are not forgotten meanwhile.
  const sessionKnown = SessionContext.useSelector((s) => !s.matches('checking') && !s.matches('loadingProfile'));
  // A member books under the members' window (common/membership-rules.ts).
  const member = SessionContext.useSelector((s) => s.context.user?.role === 'member');

  useEffect(() => {
    const save = () =>
      sessionStorage.setItem(BOOKING_SNAPSHOT_KEY, JSON.stringify(booking.getPersistedSnapshot(), withoutCardDetails));
    const subscription = booking.subscribe(save);
    // A saved hold's timer did not survive the reload: start it again from the server's holdExpiresAt.
    if (booking.getSnapshot().matches('holding')) booking.send({ type: 'hold.resume' });
    return () => subscription.unsubscribe();
  }, [booking]);

  useEffect(() => {
    // Until then a search waits (a member asking before the check would get a guest's times), also in a
    // chart restored from before a reload, which remembers the session of then.
    booking.send(loggedIn || sessionKnown ? { type: 'session.changed', loggedIn, member } : { type: 'session.checking' });
  }, [booking, loggedIn, sessionKnown, member]);

  // The venue's names came in the language of the time: after a switch, fetch it again in the new one.
  const { i18n } = useLingui();
  const shownIn = useRef(i18n.locale);
  useEffect(() => {
    if (shownIn.current === i18n.locale) return;
    shownIn.current = i18n.locale;
    const domain = booking.getSnapshot().context.venue?.domain;
    if (!domain) return;
    let live = true;
    // A failed fetch leaves the names as they were: still right, only in the other language.
    fetchVenue(domain).then((venue) => live && booking.send({ type: 'venue.translated', venue }), () => {});
    return () => {
      live = false;
    };
  }, [booking, i18n.locale]);

  return null;
}

/** The session is not known when the chart starts: BookingEffects tells it (logged out at once for a visitor with no stored session). */
const STARTING_INPUT = { loggedIn: false, sessionKnown: false };

/** The verified guest's session goes to the session chart, which keeps the tokens, before the chart moves on to hold the table with them. */
function openGuestSessionFor(session: ReturnType<typeof SessionContext.useActorRef>) {
  return fromPromise<GuestSession, { contact: GuestContact; code: string; codeSentBy: CodeChannel }>(async ({ input }) => {
    const granted = await openGuestSession(input);
    const { token, refreshToken, user } = granted;
    session.send({ type: 'session.granted', login: { token, refreshToken, user: sessionUserOf(user), clockOffsetMs: serverClock.offsetMs } });
    // The session chart loads lazily for a visitor who never logged in: its tokens are kept once it has.
    await new Promise<void>((resolve) => {
      const loggedIn = () => session.getSnapshot().matches('loggedIn');
      if (loggedIn()) return resolve();
      const stop = session.subscribe(() => {
        if (!loggedIn()) return;
        stop();
        resolve();
      });
    });
    return granted;
  });
}

export function BookingProvider({ children }: { children: ReactNode }) {
  const session = SessionContext.useActorRef();
  const logic = useMemo(() => {
    const phoneVerification = phoneVerificationMachine.provide({ actors: phoneVerificationActors });
    return bookingMachine.provide({
      actors: {
        ...bookingActors,
        guestIdentity: guestIdentityMachine.provide({ actors: { openGuestSession: openGuestSessionFor(session), phoneVerification } }),
        payment: paymentMachine.provide({ actors: paymentActors }),
        cardGuarantee: cardGuaranteeMachine.provide({ actors: cardGuaranteeActors }),
        phoneVerification,
      },
      actions: {
        reportCompleted: () => {
          // Kept reads of reservations and free tables are out of date now.
          invalidate(RESERVATION_PREFIX);
          invalidate(AVAILABILITY_PREFIX);
          // And the wallet and the transaction history, which hold its payment.
          MONEY_PREFIXES.forEach(invalidate);
          session.send({ type: 'upcoming.set', count: session.getSnapshot().context.upcomingCount + 1 });
        },
      },
    });
  }, [session]);
  const snapshot = useMemo(savedSnapshot, []);
  const inspect = useMemo(() => (devInspect ? { inspect: devInspect('booking') } : {}), []);
  return (
    <BookingContext.Provider
      logic={logic}
      options={snapshot ? { snapshot, input: STARTING_INPUT, ...inspect } : { input: STARTING_INPUT, ...inspect }}
    >
      <BookingEffects />
      <BookingRouteSync />
      {children}
    </BookingContext.Provider>
  );
}
