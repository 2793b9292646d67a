/**
 * Members only, up front (docs/PRODUCT.md §6): a members-only experience takes no one but a member on to
 * the date step, and a hold the server still refuses for it (a membership that ended meanwhile) goes to
 * the warning page with the server's words.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bookingMachine, type CreatedHold, type SlotSearch } from '../../machines/booking/booking.machine';
import { settle, slots, venue } from '../support/fixtures/booking';

const supperClub = { ...venue.experiences[0]!, _id: 'aaaaaaaaaaaaaaaaaaaaaaa9', name: "Members' Supper Club", membersOnly: true };
const withSupperClub = { ...venue, requiresPhoneVerification: false, experiences: [...venue.experiences, supperClub] };

function started(input: { loggedIn: boolean; member?: boolean }, createReservation = async (): Promise<CreatedHold> => Promise.reject({ errorCode: 1010101, message: 'Not a Club member' })) {
  const actor = createActor(
    bookingMachine.provide({
      actors: {
        loadVenue: fromPromise(async () => withSupperClub),
        loadTimeslots: fromPromise(async (): Promise<SlotSearch> => ({ open: true, timeslots: [slots[1]!] })),
        createReservation: fromPromise(createReservation),
      },
    }),
    { input },
  );
  actor.start();
  actor.send({ type: 'booking.start', domain: 'hopsze' });
  return actor;
}

describe('members-only experiences', () => {
  it.each([
    ['a visitor not logged in', { loggedIn: false }],
    ['a guest logged in', { loggedIn: true, member: false }],
  ])('keep %s on the experience step', async (_, input) => {
    const actor = started(input);
    await settle();
    actor.send({ type: 'experience.pick', experienceId: supperClub._id });
    expect(actor.getSnapshot().value).toEqual({ draft: 'experience' });
    expect(actor.getSnapshot().context.draft.experienceId).toBeNull();
    // Another experience of the venue still leads on.
    actor.send({ type: 'experience.pick', experienceId: venue.experiences[0]!._id });
    expect(actor.getSnapshot().value).toEqual({ draft: 'dateParty' });
  });

  it('take a member on to the date step', async () => {
    const actor = started({ loggedIn: true, member: true });
    await settle();
    actor.send({ type: 'experience.pick', experienceId: supperClub._id });
    expect(actor.getSnapshot().value).toEqual({ draft: 'dateParty' });
  });

  it('send a hold the server refuses as not a member to the warning page, in its words', async () => {
    const actor = started({ loggedIn: true, member: true });
    await settle();
    actor.send({ type: 'experience.pick', experienceId: supperClub._id });
    actor.send({ type: 'search.submit', date: '2026-11-24', numberOfGuests: 2 });
    await settle();
    actor.send({ type: 'slot.pick', startTime: slots[1]!.startTime });
    await settle();
    expect(actor.getSnapshot().value).toBe('warning');
    expect(actor.getSnapshot().context.warning).toMatchObject({ kind: 'members-only', message: 'Not a Club member' });
  });
});
