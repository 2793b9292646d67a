/**
 * The booking chart asks for times as the session it knows: started before a stored session is checked
 * (the app's start, or a reload), a search waits on the date page until the session chart says who is
 * asking, and is then made once, as that session (a member's call, not the public one a guest's answer
 * comes from). A session that never answers does not hold the search up for good.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bookingMachine, type SlotSearch } from '../../machines/booking/booking.machine';
import { settle, slots, venue } from '../support/fixtures/booking';

type Input = { loggedIn: boolean; member?: boolean; sessionKnown?: boolean };

function bookingAs(input: Input) {
  const asked: { loggedIn: boolean }[] = [];
  const actor = createActor(
    bookingMachine.provide({
      actors: {
        loadVenue: fromPromise(async () => venue),
        loadTimeslots: fromPromise<SlotSearch, { venueId: string; experienceId: string; date: string; numberOfGuests: number; loggedIn: boolean }>(async ({ input }) => {
          asked.push({ loggedIn: input.loggedIn });
          return { open: true, timeslots: slots };
        }),
      },
    }),
    { input },
  ).start();
  return { actor, asked };
}

async function toDateStep(actor: ReturnType<typeof bookingAs>['actor']) {
  actor.send({ type: 'booking.start', domain: venue.domain });
  await settle();
  actor.send({ type: 'experience.pick', experienceId: venue.experiences[0]!._id });
}

const SEARCH = { type: 'search.submit', date: '2026-11-24', numberOfGuests: 2 } as const;

describe('booking chart: a search waits for the session to be known', () => {
  afterEach(() => vi.useRealTimers());

  it('makes a search submitted before the session is known once the session says a member is logged in, as the member', async () => {
    const { actor, asked } = bookingAs({ loggedIn: false, sessionKnown: false });
    await toDateStep(actor);
    actor.send(SEARCH);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ draft: 'awaitingSession' });
    // Nothing is asked while the session is unknown: a guest's answer would leave the member's times out.
    expect(asked).toEqual([]);

    actor.send({ type: 'session.changed', loggedIn: true, member: true });
    await settle();
    expect(asked).toEqual([{ loggedIn: true }]);
    expect(actor.getSnapshot().matches({ draft: 'timeslot' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ member: true, draft: { date: '2026-11-24', numberOfGuests: 2 }, pendingSearch: null });
  });

  it('asks as a guest once the session says nobody is logged in', async () => {
    const { actor, asked } = bookingAs({ loggedIn: false, sessionKnown: false });
    await toDateStep(actor);
    actor.send(SEARCH);
    actor.send({ type: 'session.changed', loggedIn: false });
    await settle();
    expect(asked).toEqual([{ loggedIn: false }]);
  });

  it('searches at once when the session was known before the search', async () => {
    const { actor, asked } = bookingAs({ loggedIn: false, sessionKnown: false });
    actor.send({ type: 'session.changed', loggedIn: true, member: true });
    await toDateStep(actor);
    actor.send(SEARCH);
    await settle();
    expect(asked).toEqual([{ loggedIn: true }]);
  });

  it('waits again while a restored chart’s stored session is checked (session.checking)', async () => {
    const { actor, asked } = bookingAs({ loggedIn: true });
    await toDateStep(actor);
    actor.send({ type: 'session.checking' });
    actor.send(SEARCH);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ draft: 'awaitingSession' });
    actor.send({ type: 'session.changed', loggedIn: true, member: false });
    await settle();
    expect(asked).toEqual([{ loggedIn: true }]);
  });

  it('searches with what it knows when the session gives no word within the wait', async () => {
    vi.useFakeTimers();
    const { actor, asked } = bookingAs({ loggedIn: false, sessionKnown: false });
    actor.send({ type: 'booking.start', domain: venue.domain });
    await vi.runOnlyPendingTimersAsync();
    actor.send({ type: 'experience.pick', experienceId: venue.experiences[0]!._id });
    actor.send(SEARCH);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked).toEqual([{ loggedIn: false }]);
  });
});
