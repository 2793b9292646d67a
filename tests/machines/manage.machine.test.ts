import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { areaOptions, manageMachine, timeOptions, type ManageEvent, type Reservation } from '../../machines/manage.machine';
import { reservation, slotDay, slots } from '../support/fixtures/booking';

const apiError = (errorCode: number, message: string, status = 409) => ({ status, errorCode, message });

/** The server's time in these tests: Monday 23 Nov 2026, 10:00 in Hong Kong, whatever the machine's clock says. */
const SERVER_NOW = Date.parse('2026-11-23T02:00:00Z');
/** A reservation as the chart reads it: with the server's clock at `serverNow`, as its Date header says. */
const read = (found: Reservation, serverNow = SERVER_NOW) => ({ reservation: found, clockOffsetMs: serverNow - Date.now() });

const upcoming = reservation({ status: 'CONFIRMED', holdExpiresAt: null, date: '2026-12-08', dateStr: '8 Dec 2026' });
const changed = { ...upcoming, date: '2026-12-09', dateStr: '9 Dec 2026', startTime: 750, startTimeStr: '12:30 pm', numberOfGuests: 4 };
const canceled = { ...upcoming, status: 'CANCELED' as const, canceledAt: '2026-11-20T00:00:00.000Z' };
const past = reservation({ status: 'CONFIRMED', holdExpiresAt: null, date: '2026-11-08' });
/** The same reservation as the server answers in Japanese. */
const upcomingInJapanese = {
  ...upcoming,
  experience: { ...upcoming.experience, name: '飲茶ランチ' },
  seatingArea: upcoming.seatingArea && { ...upcoming.seatingArea, name: 'メインダイニング' },
};

/** The chart's calls (its generated paths run in the app: manage.paths.test.tsx). */
type ActorId = 'loadReservation' | 'loadAvailability' | 'changeReservation' | 'cancelReservation' | 'quoteChange' | 'holdChange' | 'giveUpChange' | 'payment';
type Answers = Partial<Record<ActorId, (input: any) => unknown>>;

/** A manage actor whose calls answer at once as given, with each call's input recorded. */
function manageActor(answers: Answers, actions: { reportCanceled?: () => void } = {}, guards: { walletOffered?: () => boolean } = {}) {
  const calls: Record<string, unknown[]> = {};
  const actors = Object.fromEntries(
    Object.entries(answers).map(([id, answer]) => [
      id,
      fromPromise(async ({ input }) => {
        (calls[id] ??= []).push(input);
        return answer!(input);
      }),
    ]),
  );
  const actor = createActor(manageMachine.provide({ actors, actions, guards })).start();
  return { actor, calls, send: (event: ManageEvent) => actor.send(event) };
}

const fail = (error: unknown) => () => Promise.reject(error);

const NO_DIFFERENCE = { amountDue: 80_000, paid: 80_000, owed: 0, difference: 0, currency: 'HKD' };
const COSTS_MORE = { amountDue: 180_000, paid: 80_000, owed: 0, difference: 100_000, currency: 'HKD' };
const HOLD_ID = 'c'.repeat(24);
/** The change held, its hold running out `ms` after the server's now. */
const heldFor = (ms: number) => ({
  _id: HOLD_ID,
  reservationId: upcoming._id,
  status: 'HELD',
  holdExpiresAt: new Date(SERVER_NOW + ms).toISOString(),
  date: upcoming.date,
  startTime: 750,
  numberOfGuests: upcoming.numberOfGuests,
  seatingAreaId: null,
  amountDue: 180_000,
  difference: 100_000,
  currency: 'HKD',
});

describe('manage machine behaviour', () => {
  it('opens from the cancel page straight at the confirmation, and at the details when it cannot be cancelled', async () => {
    const cancellable = manageActor({ loadReservation: () => read(upcoming) });
    cancellable.send({ type: 'reservation.open', id: upcoming._id, intent: 'cancel' });
    await waitFor(cancellable.actor, (s) => s.matches({ cancelling: 'confirming' }));
    expect(cancellable.calls.loadReservation).toEqual([{ id: upcoming._id }]);

    for (const shown of [canceled, past]) {
      const { actor, send } = manageActor({ loadReservation: () => read(shown) });
      send({ type: 'reservation.open', id: shown._id, intent: 'cancel' });
      await waitFor(actor, (s) => s.matches('viewing'));
      // Neither a change nor a cancellation is offered for it.
      send({ type: 'change.start' });
      send({ type: 'cancel.start' });
      expect(actor.getSnapshot().value).toEqual({ viewing: 'ready' });
    }
  });

  it("judges what is upcoming on the server's clock, not the device's", async () => {
    // Lunch on the server's today at 12:00: two hours ahead of the server. A device a day ahead would
    // call it past; one a day behind would still offer to cancel it at 12:30.
    const lunch = { ...upcoming, date: '2026-11-23', startTime: 720 };
    vi.useFakeTimers({ now: SERVER_NOW + 24 * 3_600_000, toFake: ['Date'] });
    try {
      const ahead = manageActor({ loadReservation: () => read(lunch) });
      ahead.send({ type: 'reservation.open', id: lunch._id, intent: 'cancel' });
      await waitFor(ahead.actor, (s) => s.matches({ cancelling: 'confirming' }));

      vi.setSystemTime(SERVER_NOW - 24 * 3_600_000);
      const started = manageActor({ loadReservation: () => read(lunch, SERVER_NOW + 150 * 60_000) });
      started.send({ type: 'reservation.open', id: lunch._id, intent: 'cancel' });
      await waitFor(started.actor, (s) => s.matches('viewing'));
      started.send({ type: 'change.start' });
      expect(started.actor.getSnapshot().value).toEqual({ viewing: 'ready' });
    } finally {
      vi.useRealTimers();
    }
  });

  it("takes the reservation's names in the guest's new language and keeps its own state", async () => {
    const { actor, send } = manageActor({ loadReservation: () => read(upcoming), loadAvailability: () => slotDay() });
    send({ type: 'reservation.open', id: upcoming._id });
    await waitFor(actor, (s) => s.matches('viewing'));
    send({ type: 'change.start' });
    await waitFor(actor, (s) => s.matches({ changing: 'editing' }));
    send({ type: 'reservation.translated', reservation: { ...upcomingInJapanese, status: 'CANCELED' } });
    const { context } = actor.getSnapshot();
    expect(context.reservation).toEqual({ ...upcoming, experience: upcomingInJapanese.experience, seatingArea: upcomingInJapanese.seatingArea });
    expect(actor.getSnapshot().matches({ changing: 'editing' })).toBe(true);
    // Another reservation's answer changes nothing.
    send({ type: 'reservation.translated', reservation: { ...upcomingInJapanese, _id: 'ffffffffffffffffffffffff', experience: { _id: 'x', name: 'x' } } });
    expect(actor.getSnapshot().context.reservation?.experience.name).toBe('飲茶ランチ');
  });

  it('starts a change from the reservation as it is and offers its own time beside the free ones', async () => {
    const { actor, calls, send } = manageActor({ loadReservation: () => read(upcoming), loadAvailability: () => slotDay([slots[1]!]) });
    send({ type: 'reservation.open', id: upcoming._id });
    await waitFor(actor, (s) => s.matches('viewing'));
    send({ type: 'change.start' });
    await waitFor(actor, (s) => s.matches({ changing: 'editing' }));
    const { context } = actor.getSnapshot();
    expect(context.draft).toEqual({ date: upcoming.date, numberOfGuests: 2, startTime: 720, seatingAreaId: null });
    expect(calls.loadAvailability).toEqual([
      { venueId: upcoming.venue._id, experienceId: upcoming.experience._id, date: upcoming.date, numberOfGuests: 2, seatingAreaId: null },
    ]);
    expect(timeOptions(context)).toEqual([720, 750]);
  });

  it('re-checks availability for a new date and party, dropping a time no longer offered', async () => {
    const { actor, calls, send } = manageActor({
      loadReservation: () => read(upcoming),
      loadAvailability: (input: { date: string }) => slotDay(input.date === upcoming.date ? slots : [slots[1]!]),
    });
    send({ type: 'reservation.open', id: upcoming._id });
    await waitFor(actor, (s) => s.matches('viewing'));
    send({ type: 'change.start' });
    await waitFor(actor, (s) => s.matches({ changing: 'editing' }));
    send({ type: 'change.edit', date: '2026-12-09', numberOfGuests: 4 });
    await waitFor(actor, (s) => s.matches({ changing: 'editing' }));
    expect(calls.loadAvailability?.[1]).toMatchObject({ date: '2026-12-09', numberOfGuests: 4 });
    expect(actor.getSnapshot().context.draft).toEqual({ date: '2026-12-09', numberOfGuests: 4, startTime: null, seatingAreaId: null });
    // Nothing to submit without a time; a time that is not offered is refused.
    send({ type: 'change.submit' });
    send({ type: 'change.pick', startTime: 720 });
    expect(actor.getSnapshot().matches({ changing: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.draft?.startTime).toBeNull();
    // Bad input changes nothing and calls nothing.
    send({ type: 'change.edit', date: '2027-02-29', numberOfGuests: 4 });
    send({ type: 'change.edit', date: '2026-12-10', numberOfGuests: 11 });
    expect(calls.loadAvailability).toHaveLength(2);
  });

  it('offers the dining areas free at the picked time, keeps one only while it is free then, and asks the change in it', async () => {
    const [main, terrace] = slots[0]!.seatingOptions;
    const inMain = { ...upcoming, seatingArea: { _id: main!._id, name: main!.name } };
    const { actor, calls, send } = manageActor({ loadReservation: () => read(inMain), loadAvailability: () => slotDay(), quoteChange: () => NO_DIFFERENCE });
    send({ type: 'reservation.open', id: upcoming._id });
    await waitFor(actor, (s) => s.matches('viewing'));
    send({ type: 'change.start' });
    await waitFor(actor, (s) => s.matches({ changing: 'editing' }));
    // Every area's times are asked for; the booking's own area is kept to begin with.
    expect(calls.loadAvailability).toEqual([expect.objectContaining({ seatingAreaId: null })]);
    expect(actor.getSnapshot().context.draft?.seatingAreaId).toBe(main!._id);
    expect(areaOptions(actor.getSnapshot().context).map((a) => a._id)).toEqual([main!._id, terrace!._id]);
    send({ type: 'change.seat', seatingAreaId: terrace!._id });
    expect(actor.getSnapshot().context.draft?.seatingAreaId).toBe(terrace!._id);
    // 12:30 has a table in the first area only: the terrace asked for is dropped (any area), and cannot be chosen.
    send({ type: 'change.pick', startTime: 750 });
    expect(actor.getSnapshot().context.draft).toMatchObject({ startTime: 750, seatingAreaId: null });
    send({ type: 'change.seat', seatingAreaId: terrace!._id });
    expect(actor.getSnapshot().context.draft?.seatingAreaId).toBeNull();
    send({ type: 'change.seat', seatingAreaId: main!._id });
    send({ type: 'change.submit' });
    await waitFor(actor, (s) => s.matches({ changing: 'reviewing' }));
    expect(calls.quoteChange).toEqual([{ reservationId: upcoming._id, date: upcoming.date, startTime: 750, numberOfGuests: 2, seatingAreaId: main!._id }]);
  });

  it("goes back to the form with 'Sorry, your selection is unavailable' and fresh slots, keeping what was typed", async () => {
    let slotCalls = 0;
    const { actor, calls, send } = manageActor({
      loadReservation: () => read(upcoming),
      loadAvailability: () => slotDay(++slotCalls <= 2 ? slots : [slots[0]!]),
      quoteChange: () => NO_DIFFERENCE,
      changeReservation: fail(apiError(20102, 'Sorry, your selection is unavailable')),
    });
    send({ type: 'reservation.open', id: upcoming._id });
    await waitFor(actor, (s) => s.matches('viewing'));
    send({ type: 'change.start' });
    await waitFor(actor, (s) => s.matches({ changing: 'editing' }));
    send({ type: 'change.edit', date: '2026-12-09', numberOfGuests: 3 });
    await waitFor(actor, (s) => s.matches({ changing: 'editing' }));
    send({ type: 'change.pick', startTime: 750 });
    send({ type: 'change.submit' });
    await waitFor(actor, (s) => s.matches({ changing: 'reviewing' }));
    send({ type: 'change.confirm' });
    await waitFor(actor, (s) => s.matches({ changing: 'editing' }) && slotCalls === 3);
    const { context } = actor.getSnapshot();
    expect(calls.changeReservation).toEqual([{ reservationId: upcoming._id, date: '2026-12-09', startTime: 750, numberOfGuests: 3, seatingAreaId: null }]);
    expect(context.problem).toEqual({ kind: 'unavailable', message: 'Sorry, your selection is unavailable' });
    expect(context.draft).toEqual({ date: '2026-12-09', numberOfGuests: 3, startTime: null, seatingAreaId: null });
    expect(timeOptions(context)).toEqual([720]);
  });

  it('shows the changed reservation after a change goes through', async () => {
    const { actor, send } = manageActor({
      loadReservation: () => read(upcoming),
      loadAvailability: () => slotDay(),
      quoteChange: () => NO_DIFFERENCE,
      changeReservation: () => changed,
    });
    send({ type: 'reservation.open', id: upcoming._id });
    await waitFor(actor, (s) => s.matches('viewing'));
    send({ type: 'change.start' });
    await waitFor(actor, (s) => s.matches({ changing: 'editing' }));
    send({ type: 'change.pick', startTime: 750 });
    send({ type: 'change.submit' });
    await waitFor(actor, (s) => s.matches({ changing: 'reviewing' }));
    // Nothing more to pay: no way to pay is offered, only saving.
    expect(actor.getSnapshot().can({ type: 'change.payCard' })).toBe(false);
    send({ type: 'change.confirm' });
    await waitFor(actor, (s) => s.matches({ viewing: 'changed' }));
    expect(actor.getSnapshot().context).toMatchObject({ reservation: changed, draft: null, problem: null, quote: null });
  });

  describe('a change that costs more', () => {
    /** To the review of a change that costs HK$1,000 more. */
    async function toReview(answers: Answers, guards: { walletOffered?: () => boolean } = {}) {
      const chart = manageActor({ loadReservation: () => read(upcoming), loadAvailability: () => slotDay(), quoteChange: () => COSTS_MORE, ...answers }, {}, guards);
      chart.send({ type: 'reservation.open', id: upcoming._id });
      await waitFor(chart.actor, (s) => s.matches('viewing'));
      chart.send({ type: 'change.start' });
      await waitFor(chart.actor, (s) => s.matches({ changing: 'editing' }));
      chart.send({ type: 'change.pick', startTime: 750 });
      chart.send({ type: 'change.submit' });
      await waitFor(chart.actor, (s) => s.matches({ changing: 'reviewing' }));
      return chart;
    }

    it('is not saved without paying: the review offers the card (and the wallet only to a member)', async () => {
      const guest = await toReview({});
      expect(guest.actor.getSnapshot().context.quote).toEqual(COSTS_MORE);
      expect(guest.actor.getSnapshot().can({ type: 'change.confirm' })).toBe(false);
      expect(guest.actor.getSnapshot().can({ type: 'change.payWallet' })).toBe(false);
      expect(guest.actor.getSnapshot().can({ type: 'change.payCard' })).toBe(true);
      const member = await toReview({}, { walletOffered: () => true });
      expect(member.actor.getSnapshot().can({ type: 'change.payWallet' })).toBe(true);
    });

    it('pays from the wallet with the change', async () => {
      const { actor, calls, send } = await toReview({ changeReservation: () => changed }, { walletOffered: () => true });
      send({ type: 'change.payWallet' });
      await waitFor(actor, (s) => s.matches({ viewing: 'changed' }));
      expect(calls.changeReservation).toEqual([{ reservationId: upcoming._id, date: upcoming.date, startTime: 750, numberOfGuests: upcoming.numberOfGuests, seatingAreaId: null, payWith: 'WALLET' }]);
    });

    it('pays by card while the new time is held, then shows the reservation as the payment changed it', async () => {
      let reads = 0;
      const { actor, calls, send } = await toReview({
        loadReservation: () => (++reads === 1 ? read(upcoming) : read(changed)),
        holdChange: () => heldFor(15 * 60_000),
        payment: () => ({ paymentId: 'payment-1', method: 'CARD' }),
      });
      send({ type: 'change.payCard' });
      await waitFor(actor, (s) => s.matches({ viewing: 'changed' }));
      expect(calls.holdChange).toEqual([{ reservationId: upcoming._id, date: upcoming.date, startTime: 750, numberOfGuests: upcoming.numberOfGuests, seatingAreaId: null }]);
      expect(calls.payment).toEqual([{ purpose: 'change', reservationId: upcoming._id, holdId: HOLD_ID, amount: 100_000 }]);
      expect(actor.getSnapshot().context).toMatchObject({ reservation: changed, hold: null, quote: null, draft: null });
    });

    it('gives the held time up when the guest keeps the booking as it was', async () => {
      const { actor, calls, send } = await toReview({ holdChange: () => heldFor(15 * 60_000), payment: () => new Promise(() => {}), giveUpChange: () => null });
      send({ type: 'change.payCard' });
      await waitFor(actor, (s) => s.matches({ changing: 'paying' }));
      send({ type: 'change.back' });
      await waitFor(actor, (s) => s.matches({ changing: 'editing' }));
      expect(calls.giveUpChange).toEqual([{ reservationId: upcoming._id, holdId: HOLD_ID }]);
      expect(actor.getSnapshot().context).toMatchObject({ reservation: upcoming, hold: null });
    });

    it('says so when the 15 minutes held run out before the payment, the booking unchanged', async () => {
      const { actor, send } = await toReview({ holdChange: () => heldFor(0), payment: () => new Promise(() => {}) });
      send({ type: 'change.payCard' });
      await waitFor(actor, (s) => s.matches({ changing: 'editing' }) && s.context.problem !== null);
      expect(actor.getSnapshot().context).toMatchObject({ reservation: upcoming, hold: null, problem: { kind: 'hold-expired' } });
    });

    it("goes back to the form with the server's words when the change cannot be held", async () => {
      const { actor, send } = await toReview({ holdChange: fail(apiError(20104, 'This reservation can no longer be changed')) });
      send({ type: 'change.payCard' });
      await waitFor(actor, (s) => s.matches({ changing: 'editing' }));
      expect(actor.getSnapshot().context.problem).toEqual({ kind: 'change', message: 'This reservation can no longer be changed' });
    });
  });

  it("keeps the confirmation usable after 'Cancellation failed' and reports a cancellation once", async () => {
    const reportCanceled = vi.fn();
    let attempts = 0;
    const { actor, send } = manageActor(
      {
        loadReservation: () => read(upcoming),
        cancelReservation: () => (++attempts === 1 ? Promise.reject(new TypeError('Failed to fetch')) : canceled),
      },
      { reportCanceled },
    );
    send({ type: 'reservation.open', id: upcoming._id, intent: 'cancel' });
    await waitFor(actor, (s) => s.matches({ cancelling: 'confirming' }));
    send({ type: 'cancel.confirm' });
    await waitFor(actor, (s) => s.matches({ cancelling: 'failed' }));
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'cancel', message: 'Failed to fetch' });
    expect(reportCanceled).not.toHaveBeenCalled();
    send({ type: 'cancel.retry' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('canceled');
    expect(actor.getSnapshot().context.reservation?.status).toBe('CANCELED');
    expect(reportCanceled).toHaveBeenCalledTimes(1);
  });

  it('retries a failed load', async () => {
    let attempts = 0;
    const { actor, send } = manageActor({
      loadReservation: () => (++attempts === 1 ? Promise.reject(apiError(0, 'network', 0)) : read(upcoming)),
    });
    send({ type: 'reservation.open', id: upcoming._id });
    await waitFor(actor, (s) => s.matches('failed'));
    send({ type: 'reservation.retry' });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(actor.getSnapshot().context.problem).toBeNull();
  });
});
