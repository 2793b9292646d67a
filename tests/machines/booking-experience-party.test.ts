/**
 * The booking chart keeps an experience's party sizes: a party outside them stays on the
 * date and party step with what the experience is for, and nothing is looked up; a party inside them
 * searches as before.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bookingMachine, type SlotSearch } from '../../machines/booking/booking.machine';
import { settle, slots, venue } from '../support/fixtures/booking';

const chefsTable = { ...venue.experiences[0]!, _id: 'e0000000000000000000c4ef', minGuests: 3, maxGuests: 4 };
const venueWithSizes = { ...venue, experiences: [...venue.experiences, chefsTable] };

function searchFor(numberOfGuests: number) {
  const searched: number[] = [];
  const actor = createActor(
    bookingMachine.provide({
      actors: {
        loadVenue: fromPromise(async () => venueWithSizes),
        loadTimeslots: fromPromise<SlotSearch, { venueId: string; experienceId: string; date: string; numberOfGuests: number; loggedIn: boolean }>(async ({ input }) => {
          searched.push(input.numberOfGuests);
          return { open: true, timeslots: slots };
        }),
      },
    }),
    { input: { loggedIn: true } },
  ).start();
  return { actor, searched, numberOfGuests };
}

describe('booking chart: an experience’s party sizes', () => {
  it('keeps a party outside the sizes on the date and party step, saying what the experience is for', async () => {
    const { actor, searched } = searchFor(2);
    actor.send({ type: 'booking.start', domain: venue.domain });
    await settle();
    actor.send({ type: 'experience.pick', experienceId: chefsTable._id });
    actor.send({ type: 'search.submit', date: '2026-11-24', numberOfGuests: 2 });
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ draft: 'dateParty' });
    expect(snapshot.context.problem).toEqual({ kind: 'experience-party-size', min: 3, max: 4 });
    expect(snapshot.context.draft.numberOfGuests).toBe(2);
    expect(searched).toEqual([]);
  });

  it('searches a party inside the sizes', async () => {
    const { actor, searched } = searchFor(3);
    actor.send({ type: 'booking.start', domain: venue.domain });
    await settle();
    actor.send({ type: 'experience.pick', experienceId: chefsTable._id });
    actor.send({ type: 'search.submit', date: '2026-11-24', numberOfGuests: 3 });
    await settle();
    expect(searched).toEqual([3]);
    expect(actor.getSnapshot().matches({ draft: 'timeslot' })).toBe(true);
  });
});
