import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, SimulatedClock, type ActorRefFrom, type AnyActorLogic } from 'xstate';
import { selectBookingPaths } from '../../e2e/paths/booking-model';
import { bookingMachine } from '../../machines/booking/booking.machine';
import { guestIdentityMachine } from '../../machines/booking/guest-identity.machine';
import { phoneVerificationMachine, type PhoneVerificationInput } from '../../machines/phone-verification.machine';
import { fixtureClockOffsetMs, guest, reservation, settle, slots, venue, walkToHeld } from '../support/fixtures/booking';

const apiError = (errorCode: number, message = `error ${errorCode}`) => ({ errorCode, message });
const plainVenue = { ...venue, requiresPhoneVerification: false };
const paid = reservation({ payment: { prePaymentType: 'DEPOSIT', amountDue: 60000, currency: 'HKD', breakdown: { subTotal: 60000, serviceCharge: 0, tax: 0, total: 60000 }, paid: 60000, owed: 0 } });
const confirmed = reservation({ status: 'CONFIRMED', holdExpiresAt: null });
/** The same venue as the server answers in Japanese. */
const venueInJapanese = {
  ...plainVenue,
  openingHours: [{ name: '昼食', hours: [] }],
  experiences: plainVenue.experiences.map((experience) => ({ ...experience, name: '飲茶ランチ' })),
  seatingAreas: plainVenue.seatingAreas.map((area, i) => ({ ...area, name: ['メインダイニング', '窓際の席'][i]!, description: `説明${i}` })),
};

/** A waitlist offer opened from any state (the browser's paths never take one: it is the waitlist's flow). */
const takeOffer = { type: 'hold.take', venue: plainVenue, reservation: reservation(), clockOffsetMs: fixtureClockOffsetMs() } as const;

describe('booking machine, a waitlist offer', () => {
  it('is taken from every state the generated paths reach, into the held steps with the offer as the draft', () => {
    const states = new Map(selectBookingPaths().flatMap((p) => p.path.steps.map((step) => [JSON.stringify(step.state.value), step.state] as const)));
    // The verify and details-before-log-in steps are one state each (their substates are the phone verification and guest-identity charts').
    expect(states.size).toBeGreaterThan(15);
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
});

/** A booking actor whose calls answer at once as given; the rest of the flow is as in the app. */
function bookingActor(answers: Partial<Record<string, (input: any) => unknown>>, clock = new SimulatedClock()) {
  const actors = Object.fromEntries(
    Object.entries(answers).map(([id, answer]) => [id, fromPromise(async ({ input }) => answer!(input))]),
  );
  return createActor(bookingMachine.provide({ actors }), { input: { loggedIn: true }, clock }).start();
}


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
  await walkToHeld(actor);
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

  it("'Make another booking' starts a new booking at the same venue, on its first step, with nothing of the one just made", async () => {
    const { actor } = await heldActor();
    actor.send({ type: 'details.submit', guest });
    actor.send({ type: 'confirm.submit', agreements: { cancellationPolicy: true } });
    await settle();
    expect(actor.getSnapshot().value).toBe('completed');
    actor.send({ type: 'booking.restart' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ draft: 'experience' })).toBe(true);
    expect(snapshot.context).toMatchObject({
      venue: plainVenue,
      reservation: null,
      timeslots: [],
      paid: null,
      agreements: null,
      problem: null,
      draft: { experienceId: null, date: null, startTime: null, seatingAreaId: null },
    });
    // The guest's details stay for the next booking in this tab.
    expect(snapshot.context.guest?.email).toBe(guest.email);
  });

  describe('the next booking (nothing carries over unasked)', () => {
    const asked = {
      ...guest,
      notes: 'A window table, please',
      occasion: 'BIRTHDAY' as const,
      occasionNote: "Mum's 70th",
      dietaryNeeds: ['VEGAN' as const],
      dietaryNote: 'No honey',
    };
    /** From wherever the actor is, a new booking at the same venue up to its details step. */
    async function bookAgain(actor: Awaited<ReturnType<typeof heldActor>>['actor']) {
      await walkToHeld(actor, '2026-11-25');
      expect(actor.getSnapshot().matches({ holding: { step: { created: 'details' } } })).toBe(true);
      return actor.getSnapshot().context.guest;
    }

    it("starts without the last booking's special request and occasion, keeping the contact details and dietary needs", async () => {
      const { actor } = await heldActor();
      actor.send({ type: 'details.submit', guest: asked });
      actor.send({ type: 'confirm.submit', agreements: { cancellationPolicy: true } });
      await settle();
      expect(actor.getSnapshot().value).toBe('completed');
      expect(await bookAgain(actor)).toEqual({ ...guest, occasion: null, occasionNote: null, dietaryNeeds: ['VEGAN'], dietaryNote: 'No honey' });
    });

    it('drops them too when a booking is left unfinished (its hold ran out) for a new one', async () => {
      const { actor, clock } = await heldActor();
      actor.send({ type: 'details.submit', guest: asked });
      clock.increment(16 * 60_000);
      await settle();
      expect(actor.getSnapshot().matches('holding')).toBe(false);
      const next = await bookAgain(actor);
      expect(next).not.toHaveProperty('notes');
      expect(next).toMatchObject({ occasion: null, occasionNote: null, dietaryNeeds: ['VEGAN'] });
    });

    it("forgets the details typed once the guest logs out, so whoever logs in next starts from their own profile", async () => {
      const { actor } = await heldActor();
      actor.send({ type: 'details.submit', guest: asked });
      actor.send({ type: 'session.changed', loggedIn: false });
      expect(actor.getSnapshot().context.guest).toBeNull();
    });
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

  it('waits for a saved card for a card guarantee (nothing to pay), with the hold running, and Back leads to the review', async () => {
    const guaranteed = { prePaymentType: 'GUARANTEE', amountDue: 0, currency: 'HKD', breakdown: { subTotal: 0, serviceCharge: 0, tax: 0, total: 0 }, paid: 0, owed: 0 };
    const { actor, clock } = await heldActor({ reservationOverrides: { payment: guaranteed } });
    actor.send({ type: 'details.submit', guest });
    actor.send({ type: 'confirm.submit', agreements: { cancellationPolicy: true } });
    expect(actor.getSnapshot().matches({ holding: { step: 'awaitingCard' } })).toBe(true);
    expect(Object.keys(actor.getSnapshot().children)).toContain('saveCard');
    actor.send({ type: 'route.visit', route: '/pages/confirm' });
    expect(actor.getSnapshot().matches({ holding: { step: { created: 'confirm' } } })).toBe(true);
    actor.send({ type: 'confirm.submit', agreements: { cancellationPolicy: true } });
    // The hold's countdown runs on this step as on the others.
    clock.increment(15 * 60_000 + 1_000);
    expect(actor.getSnapshot().value).toBe('expired');
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

describe('booking machine, membership rules and booking before logging in', () => {
  // A venue whose experience guests book 30 days ahead and members 90 (Bâtard's demo values).
  const windowsVenue = {
    ...venue,
    requiresPhoneVerification: false,
    experiences: venue.experiences.map((e) => ({ ...e, guestBookingDays: 30, memberBookingDays: 90 })),
  };
  const experienceId = windowsVenue.experiences[0]!._id;
  const today = '2026-11-23';

  // The phone verification chart, its calls answering at once: sent, and any code accepted.
  const answeringVerification = phoneVerificationMachine.provide({
    actors: { sendVerificationCode: fromPromise<void, PhoneVerificationInput>(async () => {}), confirmVerificationCode: fromPromise<void, PhoneVerificationInput & { code: string }>(async () => {}) },
  });

  function visitor(loggedIn: boolean, member = false, extra: Partial<Record<string, (input: any) => unknown>> = {}) {
    const searched: unknown[] = [];
    const answers: Partial<Record<string, (input: any) => unknown>> = {
      loadVenue: () => windowsVenue,
      loadTimeslots: (input: unknown) => (searched.push(input), { open: true, timeslots: [slots[1]!] }),
      createReservation: () => ({ reservation: reservation(), clockOffsetMs: fixtureClockOffsetMs() }),
      loadGuestProfile: () => guest,
      ...extra,
    };
    const actors = Object.fromEntries(Object.entries(answers).map(([id, answer]) => [id, fromPromise(async ({ input }) => answer!(input))]));
    const actor = createActor(bookingMachine.provide({ actors: { ...actors, ...withIdentity(actors, answeringVerification) } }), { input: { loggedIn, member } }).start();
    return { actor, searched };
  }
  async function toDateStep(actor: ReturnType<typeof visitor>['actor']) {
    actor.send({ type: 'booking.start', domain: 'hopsze' });
    await settle();
    actor.send({ type: 'experience.pick', experienceId });
  }

  it('says from when guests may book a day members already can', async () => {
    const { actor, searched } = visitor(true);
    await toDateStep(actor);
    actor.send({ type: 'search.submit', date: '2027-01-22', numberOfGuests: 2, today });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ draft: 'dateParty' })).toBe(true);
    expect(snapshot.context.problem).toEqual({ kind: 'members-first', date: '2027-01-22', guestsFrom: '2026-12-23' });
    expect(searched).toEqual([]);
    // Within the guests' 30 days, the search goes ahead.
    actor.send({ type: 'search.submit', date: '2026-12-23', numberOfGuests: 2, today });
    await settle();
    expect(actor.getSnapshot().matches({ draft: 'timeslot' })).toBe(true);
  });

  const lunchForMembers = [{ name: 'Lunch', startTime: 720, startTimeStr: '12:00 pm', endTime: 930, endTimeStr: '3:30 pm' }];

  it('says members can book the day’s times when a guest’s search finds nothing but members’ services', async () => {
    const { actor } = visitor(false, false, { loadTimeslots: () => ({ open: true, timeslots: [], membersOnlyTimes: lunchForMembers }) });
    await toDateStep(actor);
    actor.send({ type: 'search.submit', date: '2026-12-01', numberOfGuests: 2, today });
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ draft: 'dateParty' })).toBe(true);
    expect(snapshot.context.problem).toEqual({ kind: 'members-times', times: lunchForMembers });
  });

  it('keeps the members’ services of a day with times for guests too, for the times page to name', async () => {
    const { actor } = visitor(false, false, { loadTimeslots: () => ({ open: true, timeslots: [slots[1]!], membersOnlyTimes: lunchForMembers }) });
    await toDateStep(actor);
    actor.send({ type: 'search.submit', date: '2026-12-01', numberOfGuests: 2, today });
    await settle();
    expect(actor.getSnapshot().matches({ draft: 'timeslot' })).toBe(true);
    expect(actor.getSnapshot().context.membersOnlyTimes).toEqual(lunchForMembers);
  });

  it('still says a full day is full when members’ services are not why', async () => {
    const { actor } = visitor(false, false, { loadTimeslots: () => ({ open: true, timeslots: [] }) });
    await toDateStep(actor);
    actor.send({ type: 'search.submit', date: '2026-12-01', numberOfGuests: 2, today });
    await settle();
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'no-timeslot' });
  });

  it('gives the reason and reads the times again when a hold is refused for a members’ time', async () => {
    const refusal = { errorCode: 20200, message: 'Members can book Lunch times (12:00 pm to 3:30 pm). Please choose another time, or log in as a member.' };
    const { actor, searched } = visitor(true, false, {
      createReservation: () => {
        throw refusal;
      },
    });
    await toDateStep(actor);
    actor.send({ type: 'search.submit', date: '2026-12-01', numberOfGuests: 2, today });
    await settle();
    actor.send({ type: 'slot.pick', startTime: slots[1]!.startTime });
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ draft: 'timeslot' })).toBe(true);
    expect(snapshot.context.problem).toEqual({ kind: 'call', message: refusal.message });
    expect(snapshot.context.reservation).toBeNull();
    expect(searched).toHaveLength(2);
  });

  it('lets a member search 60 days ahead, with the token call', async () => {
    const { actor, searched } = visitor(true, true);
    await toDateStep(actor);
    actor.send({ type: 'search.submit', date: '2027-01-22', numberOfGuests: 2, today });
    await settle();
    expect(actor.getSnapshot().matches({ draft: 'timeslot' })).toBe(true);
    expect(searched).toEqual([expect.objectContaining({ date: '2027-01-22', loggedIn: true })]);
  });

  it('shows a visitor not logged in the times (the public call), then asks at the details step, keeping the time', async () => {
    const { actor, searched } = visitor(false);
    await toDateStep(actor);
    actor.send({ type: 'search.submit', date: '2026-11-24', numberOfGuests: 2, today });
    await settle();
    expect(searched).toEqual([expect.objectContaining({ loggedIn: false })]);
    actor.send({ type: 'slot.pick', startTime: slots[1]!.startTime });
    expect(identityOf(actor)?.matches('identify')).toBe(true);
    actor.send({ type: 'identify.login' });
    expect(identityOf(actor)?.matches('loginRequired')).toBe(true);
    actor.send({ type: 'session.changed', loggedIn: true });
    await settle();
    expect(actor.getSnapshot().matches('holding')).toBe(true);
    expect(actor.getSnapshot().context.draft).toMatchObject({ date: '2026-11-24', startTime: slots[1]!.startTime });
  });

  it('books once a log-in elsewhere arrives at the details step', async () => {
    const { actor } = visitor(false);
    await toDateStep(actor);
    actor.send({ type: 'search.submit', date: '2026-11-24', numberOfGuests: 2, today });
    await settle();
    actor.send({ type: 'slot.pick', startTime: slots[1]!.startTime });
    actor.send({ type: 'session.changed', loggedIn: true, member: true });
    await settle();
    expect(actor.getSnapshot().matches('holding')).toBe(true);
    expect(actor.getSnapshot().context.member).toBe(true);
  });

  it('continues as a guest: the code verifies the number, opens a session with that code, and the hold keeps the verification', async () => {
    const opened: unknown[] = [];
    const { actor: withVerification } = visitor(false, false, {
      loadVenue: () => ({ ...windowsVenue, requiresPhoneVerification: true }),
      openGuestSession: (input: unknown) => (opened.push(input), { token: 't', refreshToken: 'r', user: {} }),
    });
    await toDateStep(withVerification);
    withVerification.send({ type: 'search.submit', date: '2026-11-24', numberOfGuests: 2, today });
    await settle();
    withVerification.send({ type: 'slot.pick', startTime: slots[1]!.startTime });
    const contact = { firstName: 'Wing', lastName: 'Ho', email: 'wing@example.com', mobileCountryCode: '+852', mobileNumber: '51234567' };
    withVerification.send({ type: 'identify.guest', contact });
    expect(identityOf(withVerification)?.matches('verifying')).toBe(true);
    const verification = identityOf(withVerification)!.children.verifyPhone!;
    await settle();
    verification.send({ type: 'verify.submit', code: '123456' } as never);
    await settle();
    expect(opened).toEqual([{ contact, code: '123456', codeSentBy: 'SMS' }]);
    expect(withVerification.getSnapshot().matches('holding')).toBe(true);
    expect(withVerification.getSnapshot().context.phoneVerified).toBe(true);
    // The details as typed; the same number needs no second code.
    withVerification.send({ type: 'details.submit', guest: { ...guest, ...contact } });
    expect(withVerification.getSnapshot().matches({ holding: { step: { created: 'confirm' } } })).toBe(true);
  });

  it('continues as a guest by a mailed code: the address gets the code, the session is opened by it, and the venue still checks the mobile', async () => {
    const opened: unknown[] = [];
    const sentTo: unknown[] = [];
    const mailingVerification = phoneVerificationMachine.provide({
      actors: {
        sendVerificationCode: fromPromise<void, PhoneVerificationInput>(async ({ input }) => void sentTo.push(input)),
        confirmVerificationCode: fromPromise<void, PhoneVerificationInput & { code: string }>(async () => {}),
      },
    });
    const answers: Partial<Record<string, (input: any) => unknown>> = {
      loadVenue: () => ({ ...windowsVenue, requiresPhoneVerification: true }),
      loadTimeslots: () => ({ open: true, timeslots: [slots[1]!] }),
      createReservation: () => ({ reservation: reservation(), clockOffsetMs: fixtureClockOffsetMs() }),
      loadGuestProfile: () => guest,
      openGuestSession: (input: unknown) => (opened.push(input), { token: 't', refreshToken: 'r', user: {} }),
    };
    const actors = Object.fromEntries(Object.entries(answers).map(([id, answer]) => [id, fromPromise(async ({ input }) => answer!(input))]));
    const actor = createActor(bookingMachine.provide({ actors: { ...actors, ...withIdentity(actors, mailingVerification) } }), { input: { loggedIn: false } }).start();
    await toDateStep(actor);
    actor.send({ type: 'search.submit', date: '2026-11-24', numberOfGuests: 2, today });
    await settle();
    actor.send({ type: 'slot.pick', startTime: slots[1]!.startTime });
    const contact = { firstName: 'Mei', lastName: 'Lau', email: 'mei@example.com', mobileCountryCode: '+852', mobileNumber: '61234567' };
    actor.send({ type: 'identify.guest', contact, sendBy: 'EMAIL' });
    expect(identityOf(actor)?.matches('verifying')).toBe(true);
    await settle();
    expect(sentTo).toEqual([{ mobileCountryCode: '+852', mobileNumber: '61234567', sendBy: 'EMAIL', email: 'mei@example.com' }]);
    identityOf(actor)!.children.verifyPhone!.send({ type: 'verify.submit', code: '654321' } as never);
    await settle();
    expect(opened).toEqual([{ contact, code: '654321', codeSentBy: 'EMAIL' }]);
    expect(actor.getSnapshot().matches('holding')).toBe(true);
    // The mailed code proved the address, not the mobile: this venue checks the mobile by a texted code.
    expect(actor.getSnapshot().context.phoneVerified).toBe(false);
    actor.send({ type: 'details.submit', guest: { ...guest, ...contact } });
    await settle();
    expect(actor.getSnapshot().matches({ holding: { step: { created: 'verify' } } })).toBe(true);
    expect(sentTo.at(-1)).toEqual({ mobileCountryCode: '+852', mobileNumber: '61234567' });
  });

  it('returns to the choice with the server’s words when the code cannot open the account', async () => {
    const { actor } = visitor(false, false, {
      openGuestSession: () => {
        throw { errorCode: 20162, message: 'This e-mail address already has an account.' };
      },
    });
    await toDateStep(actor);
    actor.send({ type: 'search.submit', date: '2026-11-24', numberOfGuests: 2, today });
    await settle();
    actor.send({ type: 'slot.pick', startTime: slots[1]!.startTime });
    actor.send({ type: 'identify.guest', contact: { firstName: 'A', lastName: 'B', email: 'member@example.com', mobileCountryCode: '+852', mobileNumber: '51234567' } });
    const verification = identityOf(actor)!.children.verifyPhone!;
    await settle();
    verification.send({ type: 'verify.submit', code: '123456' } as never);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(identityOf(actor)?.matches('identify')).toBe(true);
    // The refusal is the identity step's to show, with everything chosen kept.
    expect(identityOf(actor)?.context.problem).toEqual({ kind: 'call', message: 'This e-mail address already has an account.' });
    expect(snapshot.context.draft.startTime).toBe(slots[1]!.startTime);
  });
});

/** The chart the booking chart invoked as `identity` (the details step before logging in), its snapshot. */
function identityOf(actor: { getSnapshot: () => { children: Record<string, unknown> } }) {
  return (actor.getSnapshot().children.identity as ActorRefFrom<typeof guestIdentityMachine> | undefined)?.getSnapshot();
}

/** The guest-identity chart with the test's guest-session answer (if any) and phone verification. */
function withIdentity(actors: Record<string, AnyActorLogic>, phoneVerification: typeof phoneVerificationMachine) {
  const openGuestSession = actors.openGuestSession ?? fromPromise(async () => ({ token: 't', refreshToken: 'r', user: {} }));
  return { phoneVerification, guestIdentity: guestIdentityMachine.provide({ actors: { openGuestSession, phoneVerification } as never }) };
}
