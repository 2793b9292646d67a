import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { bookingMachine } from '../../machines/booking.machine';
import { guest, reservation, slots, venue } from '../fixtures/booking';
import { declaredTransitions, reachedStates, takenTransitions, transitionCoverPaths } from './graph-coverage';
import { allStateIds, replayPath } from './replay';

const apiError = (errorCode: number, message = `error ${errorCode}`) => ({ errorCode, message });
const plainVenue = { ...venue, requiresPhoneVerification: false };
const paid = reservation({ payment: { prePaymentType: 'DEPOSIT', amountDue: 60000, currency: 'HKD', breakdown: { subTotal: 60000, serviceCharge: 0, tax: 0, total: 60000 } } });
const held = { reservation: reservation(), clockOffsetMs: 0 };
const heldPaid = { reservation: paid, clockOffsetMs: 0 };
const confirmed = reservation({ status: 'CONFIRMED', holdExpiresAt: null });
/** The same venue as the server answers in Japanese. */
const venueInJapanese = {
  ...plainVenue,
  openingHours: [{ name: '昼食', hours: [] }],
  experiences: plainVenue.experiences.map((experience) => ({ ...experience, name: '飲茶ランチ' })),
  seatingAreas: plainVenue.seatingAreas.map((area, i) => ({ ...area, name: ['メインダイニング', '窓際の席'][i]!, description: `説明${i}` })),
};

const events = [
  { type: 'booking.start', domain: 'hopsze' },
  { type: 'xstate.done.actor.loadVenue', output: venue },
  { type: 'xstate.done.actor.loadVenue', output: plainVenue },
  { type: 'xstate.error.actor.loadVenue', error: apiError(20103, 'The venue information does not exist') },
  { type: 'experience.pick', experienceId: venue.experiences[0]!._id },
  { type: 'search.submit', date: '2026-11-24', numberOfGuests: 2 },
  { type: 'search.submit', date: '2026-11-24', numberOfGuests: 9 },
  { type: 'xstate.done.actor.loadTimeslots', output: { open: true, timeslots: slots } },
  { type: 'xstate.done.actor.loadTimeslots', output: { open: true, timeslots: [] } },
  { type: 'xstate.done.actor.loadTimeslots', output: { open: false, timeslots: [] } },
  { type: 'xstate.error.actor.loadTimeslots', error: apiError(20101, 'For parties of 8 or more…') },
  { type: 'xstate.error.actor.loadTimeslots', error: apiError(50000, 'An error occurred!') },
  { type: 'slot.pick', startTime: 720 },
  { type: 'slot.pick', startTime: 750 },
  { type: 'seating.pick', seatingAreaId: venue.seatingAreas[1]!._id },
  { type: 'session.changed', loggedIn: true },
  { type: 'venue.translated', venue: venueInJapanese },
  { type: 'xstate.done.actor.createReservation', output: held },
  { type: 'xstate.done.actor.createReservation', output: heldPaid },
  { type: 'xstate.error.actor.createReservation', error: apiError(20102, 'Sorry, your selection is unavailable') },
  { type: 'xstate.error.actor.createReservation', error: apiError(1010101, 'Not a Club member') },
  { type: 'xstate.error.actor.createReservation', error: apiError(50000, 'An error occurred!') },
  { type: 'xstate.done.actor.loadGuestProfile', output: guest },
  { type: 'xstate.error.actor.loadGuestProfile', error: apiError(40100) },
  { type: 'details.submit', guest },
  { type: 'xstate.done.actor.sendVerificationCode' },
  { type: 'xstate.error.actor.sendVerificationCode', error: apiError(42900, 'Too many attempts.') },
  { type: 'verify.send' },
  { type: 'verify.submit', code: '123456' },
  { type: 'xstate.done.actor.confirmVerificationCode' },
  { type: 'xstate.error.actor.confirmVerificationCode', error: apiError(20106, 'The verification code is incorrect.') },
  { type: 'confirm.submit', agreements: { cancellationPolicy: true } },
  { type: 'xstate.done.actor.pay', output: { paymentId: 'aaaaaaaaaaaaaaaaaaaaaa01', method: 'CARD' } },
  { type: 'xstate.done.actor.completeReservation', output: confirmed },
  ...[10205, 10202, 10208, 1010104, 10209].map((code) => ({
    type: 'xstate.error.actor.completeReservation',
    error: apiError(code),
  })),
  { type: 'xstate.after.holdExpiry.booking.holding.hold.running' },
  { type: 'hold.resume' },
  { type: 'route.visit', route: '/pages/experience' },
  { type: 'route.visit', route: '/pages/book' },
  { type: 'route.visit', route: '/pages/timeslot' },
  { type: 'route.visit', route: '/pages/profile' },
  { type: 'route.visit', route: '/pages/confirm' },
  { type: 'route.visit', route: '/pages/result' },
  { type: 'booking.exit' },
  { type: 'xstate.done.actor.releaseReservation' },
  { type: 'xstate.error.actor.releaseReservation', error: apiError(50000) },
  { type: 'booking.restart' },
] as unknown as EventObject[];

/** A waitlist offer opened from any state: its own test below, since from every state it would double the paths. */
const takeOffer = { type: 'hold.take', venue: plainVenue, reservation: reservation(), clockOffsetMs: 0 } as const;
const TESTED_APART = ['booking:hold.take'];

/**
 * Snapshots differ by where they are and by every fact a guard reads; leaving one out would let the
 * traversal pair a path with a snapshot it does not lead to.
 */
const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.venue?.requiresPhoneVerification ?? null,
    (s.context.reservation?.payment.amountDue ?? 0) > 0,
    s.context.loggedIn,
    s.context.phoneVerified,
    s.context.guest !== null,
    s.context.timeslots.length > 0,
    s.context.draft.experienceId !== null,
  ]);

// Starting logged out covers both: the guest logs in on the way (session.changed) and books on.
const inputs = [{ loggedIn: false }];
const pathsByInput = inputs.map((input) => ({
  input,
  paths: transitionCoverPaths(bookingMachine, { input, events, serializeState }),
}));
const actorIds = [
  'loadVenue',
  'loadTimeslots',
  'createReservation',
  'loadGuestProfile',
  'sendVerificationCode',
  'confirmVerificationCode',
  'completeReservation',
  'releaseReservation',
  'payment',
];
const delays = { holdExpiry: 15 * 60_000 };

describe('booking machine, paths generated with xstate/graph', () => {
  it('reaches every state and takes every transition', () => {
    const all = pathsByInput.flatMap((p) => p.paths);
    const reached = reachedStates(all);
    const transient = ['booking.draft.checkingLogin'];
    // The hold's countdown region is entered with every held step.
    expect(allStateIds(bookingMachine).filter((id) => !transient.includes(id) && !reached.has(id))).toEqual([]);
    const taken = takenTransitions(all);
    expect([...declaredTransitions(bookingMachine)].filter((t) => !taken.has(t) && !TESTED_APART.includes(t))).toEqual([]);
  });

  it('takes a waitlist offer from every state the paths reach, into the held steps with the offer as the draft', () => {
    const states = new Map(pathsByInput.flatMap((p) => p.paths).map((p) => [JSON.stringify(p.state.value), p.state]));
    for (const [value, state] of states) {
      const next = getNextSnapshot(bookingMachine, state, takeOffer);
      expect(next.matches({ holding: { step: 'created' } }), value).toBe(true);
      expect(next.context).toMatchObject({
        reservation: takeOffer.reservation,
        venue: plainVenue,
        problem: null,
        warning: null,
        draft: { date: takeOffer.reservation.date, startTime: takeOffer.reservation.startTime, numberOfGuests: takeOffer.reservation.numberOfGuests },
      });
    }
  });

  it('generates a manageable number of paths', () => {
    const count = pathsByInput.reduce((n, p) => n + p.paths.length, 0);
    expect(count).toBeGreaterThan(50);
    expect(count).toBeLessThan(2500);
  });

  for (const { input, paths } of pathsByInput) {
    describe(`starting ${input.loggedIn ? 'logged in' : 'logged out'}`, () => {
      it.each(paths.map((p) => [p.steps.map((s) => s.event.type.replace(/^xstate\./, '')).join(' → '), p] as const))(
        '%s',
        async (_, path) => {
          const actor = await replayPath(bookingMachine, path, { input, actorIds, delays });
          actor.stop();
        },
      );
    });
  }
});

/** A booking actor whose calls answer at once as given; the rest of the flow is as in the app. */
function bookingActor(answers: Partial<Record<string, (input: any) => unknown>>, clock = new SimulatedClock()) {
  const actors = Object.fromEntries(
    Object.entries(answers).map(([id, answer]) => [id, fromPromise(async ({ input }) => answer!(input))]),
  );
  return createActor(bookingMachine.provide({ actors }), { input: { loggedIn: true }, clock }).start();
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function heldActor(
  options: { completeWith?: () => unknown; clockOffsetMs?: number; reservationOverrides?: object; venueHours?: typeof venue.openingHours } = {},
) {
  const clock = new SimulatedClock();
  const clockOffsetMs = options.clockOffsetMs ?? 0;
  const serverNow = Date.now() + clockOffsetMs;
  const actor = bookingActor(
    {
      loadVenue: () => ({ ...plainVenue, openingHours: options.venueHours ?? plainVenue.openingHours }),
      loadTimeslots: () => ({ open: true, timeslots: slots }),
      createReservation: () => ({
        reservation: reservation({ holdExpiresAt: new Date(serverNow + 15 * 60_000).toISOString(), ...options.reservationOverrides }),
        clockOffsetMs,
      }),
      loadGuestProfile: () => guest,
      completeReservation: options.completeWith ?? (() => confirmed),
      releaseReservation: () => undefined,
    },
    clock,
  );
  actor.send({ type: 'booking.start', domain: 'hopsze' });
  await settle();
  actor.send({ type: 'experience.pick', experienceId: venue.experiences[0]!._id });
  actor.send({ type: 'search.submit', date: '2026-11-24', numberOfGuests: 2 });
  await settle();
  actor.send({ type: 'slot.pick', startTime: 750 });
  await settle();
  await settle();
  return { actor, clock };
}

describe('booking machine rules', () => {
  it('sends a party above the online maximum to the warning page with the team contact', async () => {
    const actor = bookingActor({ loadVenue: () => venue });
    actor.send({ type: 'booking.start', domain: 'hopsze' });
    await settle();
    actor.send({ type: 'experience.pick', experienceId: venue.experiences[0]!._id });
    actor.send({ type: 'search.submit', date: '2026-11-24', numberOfGuests: 8 });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('warning');
    expect(snapshot.context.warning).toMatchObject({
      kind: 'party-too-large',
      contact: { phone: venue.reservationsPhone, email: venue.reservationsEmail },
    });
  });

  it('holds the table, pre-fills the details, and completes a booking without payment', async () => {
    const { actor } = await heldActor();
    expect(actor.getSnapshot().matches({ holding: { step: { created: 'details' } } })).toBe(true);
    expect(actor.getSnapshot().context.guest).toEqual(guest);
    actor.send({ type: 'details.submit', guest });
    actor.send({ type: 'confirm.submit', agreements: { cancellationPolicy: true } });
    await settle();
    expect(actor.getSnapshot().value).toBe('completed');
    expect(actor.getSnapshot().context.reservation?.status).toBe('CONFIRMED');
  });

  it("swaps in the venue in the guest's new language, and the names it had copied from it", async () => {
    const { actor } = await heldActor({ venueHours: [{ name: 'Lunch', hours: [] }] });
    actor.send({ type: 'venue.translated', venue: venueInJapanese });
    const { context } = actor.getSnapshot();
    expect(context.venue).toEqual(venueInJapanese);
    expect(context.timeslots.map((slot) => [slot.titleStr, slot.seatingOptions.map((area) => area.name)])).toEqual([
      ['昼食', ['メインダイニング', '窓際の席']],
      ['昼食', ['メインダイニング']],
    ]);
    expect(context.timeslots[0]!.seatingOptions.map((area) => area.description)).toEqual(['説明0', '説明1']);
    expect(context.reservation?.experience.name).toBe('飲茶ランチ');
    expect(actor.getSnapshot().matches({ holding: { step: { created: 'details' } } })).toBe(true);
    // Another venue's answer (a switch that raced a new booking) changes nothing.
    actor.send({ type: 'venue.translated', venue: { ...venueInJapanese, _id: 'ffffffffffffffffffffffff', seatingAreas: [] } });
    expect(actor.getSnapshot().context.venue).toEqual(venueInJapanese);
  });

  it('waits for payment when the reservation has an amount due', async () => {
    const { actor } = await heldActor({ reservationOverrides: { payment: paid.payment } });
    actor.send({ type: 'details.submit', guest });
    actor.send({ type: 'confirm.submit', agreements: { cancellationPolicy: true } });
    expect(actor.getSnapshot().matches({ holding: { step: 'awaitingPayment' } })).toBe(true);
  });

  it("expires the hold at the server's holdExpiresAt, not 15 minutes of the client's clock", async () => {
    // The server's clock is 5 minutes ahead of this browser's: reading holdExpiresAt on the browser's
    // clock would give 20 minutes; on the server's, 15 are left.
    const { actor, clock } = await heldActor({ clockOffsetMs: 5 * 60_000 });
    clock.increment(14 * 60_000);
    expect(actor.getSnapshot().matches('holding')).toBe(true);
    clock.increment(61_000);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'expired' });
  });

  it.each([
    [10205, { holding: { step: { created: 'details' } } }],
    [10202, 'expired'],
    [10203, 'expired'],
    [10208, 'warning'],
    [1010104, 'warning'],
    [1010105, 'warning'],
    [1010101, 'warning'],
    [10209, { holding: { step: { created: 'confirm' } } }],
  ])('after completion error %i goes to %j', async (code, target) => {
    const { actor } = await heldActor({
      completeWith: () => {
        throw apiError(code, `text ${code}`);
      },
    });
    actor.send({ type: 'details.submit', guest });
    actor.send({ type: 'confirm.submit', agreements: { cancellationPolicy: true } });
    await settle();
    expect(actor.getSnapshot().matches(target as never)).toBe(true);
    const { problem, warning } = actor.getSnapshot().context;
    if (target === 'warning') expect(warning?.message).toBe(`text ${code}`);
    else expect(problem).toEqual({ kind: 'completion', code, message: `text ${code}` });
  });

  it('gives the table up when the guest goes back into the draft', async () => {
    const { actor } = await heldActor();
    actor.send({ type: 'route.visit', route: '/pages/timeslot' });
    await settle();
    expect(actor.getSnapshot().matches({ draft: 'timeslot' })).toBe(true);
    expect(actor.getSnapshot().context.reservation).toBeNull();
  });

  it('refuses a typed address that skips a step', async () => {
    const { actor } = await heldActor();
    actor.send({ type: 'route.visit', route: '/pages/result' });
    expect(actor.getSnapshot().matches({ holding: { step: { created: 'details' } } })).toBe(true);
  });
});
