/**
 * The booking chart's draft helpers: the draft a booking starts from, and the updates and guards of its
 * search steps (experience, date and party, times, dining area). Each update is what the chart's named
 * action assigns, each guard what its named guard decides; the chart (machines/booking/booking.machine.ts)
 * names them in `setup`, so tests and the Stately editor still see one named action or guard per branch.
 */
import { assertEvent, type EventObject } from 'xstate';
import { windowVerdict } from '../../common/membership-rules';
import { outputOf } from '../actor-event';
import { bookingPath, DRAFT_PATHS } from '../booking-pages';
import type { BookingContext, BookingEvent, Draft, GuestDetails, SearchSubmit, SlotSearch } from './booking-types';

export const emptyDraft: Draft = { experienceId: null, date: null, numberOfGuests: 2, startTime: null, seatingAreaId: null };

/**
 * The guest's details without what was asked for one visit only: the special request (notes) and the
 * occasion. Name, e-mail, mobile and dietary needs (the profile's too) carry on to the next booking.
 */
/** The number the phone verification chart texts a code to: the guest's, as they typed it. */
export const phoneOf = (guest: GuestDetails) => ({ mobileCountryCode: guest.mobileCountryCode, mobileNumber: guest.mobileNumber });

export function withoutVisitRequests(guest: GuestDetails): GuestDetails {
  const { notes, ...kept } = guest;
  return { ...kept, occasion: null, occasionNote: null };
}

/** What a done `loadTimeslots` found. */
const slotSearchOf = (event: EventObject) => outputOf<SlotSearch>(event);

/** The experience the draft is for, as the venue's answer gives it. */
const draftExperience = (context: BookingContext) => context.venue?.experiences.find((e) => e._id === context.draft.experienceId);

/** Whether the session's membership may book `date` at the draft's experience (common/membership-rules.ts). */
function membershipVerdict(context: BookingContext, event: SearchSubmit) {
  const experience = draftExperience(context);
  if (!event.today || experience?.guestBookingDays === undefined || experience.memberBookingDays === undefined) return { kind: 'open' as const };
  const windows = { guestBookingDays: experience.guestBookingDays, memberBookingDays: experience.memberBookingDays };
  return windowVerdict(windows, context.member ? 'member' : 'guest', event.today, event.date);
}

type Args = { context: BookingContext; event: BookingEvent };

/** The time picked offers more than one dining area. */
const areaChoice = (context: BookingContext) => (context.timeslots.find((s) => s.startTime === context.draft.startTime)?.seatingOptions.length ?? 0) > 1;
/** What a done or error event of a call gives the search's guards (the chart's own events do not list them). */
type CallArgs = { event: EventObject };

/** The date and party searched for; the time is chosen again. */
function searched({ context, event }: Args): Draft {
  assertEvent(event, 'search.submit');
  return { ...context.draft, date: event.date, numberOfGuests: event.numberOfGuests, startTime: null };
}

/** The updates of the search steps, by the name of the chart's action that assigns each. */
export const DRAFT_UPDATES = {
  pickExperience: ({ context, event }: Args): Partial<BookingContext> => {
    assertEvent(event, 'experience.pick');
    return { draft: { ...context.draft, experienceId: event.experienceId, startTime: null }, problem: null };
  },
  takeSearch: (args: Args): Partial<BookingContext> => ({ draft: searched(args), problem: null }),
  /** A draft step visited while a table is held: the draft goes there once the table is given up. */
  keepRevisit: ({ event }: Args): Partial<BookingContext> => {
    assertEvent(event, 'route.visit');
    return { revisit: event.route };
  },
  /** The search waits for the session: made again, as it was submitted, once the session is known. */
  keepSearch: ({ event }: Args): Partial<BookingContext> => {
    assertEvent(event, 'search.submit');
    return { pendingSearch: event };
  },
  /** The day searched for is one only members may book yet: when guests may, under the search. */
  noteMembersFirst: (args: Args): Partial<BookingContext> => {
    const { context, event } = args;
    assertEvent(event, 'search.submit');
    const verdict = membershipVerdict(context, event);
    return {
      draft: searched(args),
      timeslots: [],
      problem: { kind: 'members-first', date: event.date, guestsFrom: verdict.kind === 'members-first' ? verdict.guestsFrom : event.date },
    };
  },
  /** The party is outside the experience's sizes: said under the search, nothing looked up. */
  noteExperiencePartySize: (args: Args): Partial<BookingContext> => {
    const experience = draftExperience(args.context);
    return { draft: searched(args), timeslots: [], problem: { kind: 'experience-party-size', min: experience?.minGuests ?? 1, max: experience?.maxGuests ?? 1 } };
  },
  /** A party outside the venue's online range: the reservations team takes it. */
  warnPartyTooLarge: ({ context, event }: Args): Partial<BookingContext> => {
    assertEvent(event, 'search.submit');
    return {
      draft: { ...context.draft, date: event.date, numberOfGuests: event.numberOfGuests },
      warning: { kind: 'party-too-large', message: '', contact: { phone: context.venue!.reservationsPhone, email: context.venue!.reservationsEmail } },
    };
  },
  noteDayClosed: (): Partial<BookingContext> => ({ timeslots: [], problem: { kind: 'no-availability' } }),
  noteNoFreeSlots: (): Partial<BookingContext> => ({ timeslots: [], problem: { kind: 'no-timeslot' } }),
  /** Nothing for a guest that day but members' services: which, so the page can say members can book them. */
  noteMembersOnlyDay: ({ event }: CallArgs): Partial<BookingContext> => ({
    timeslots: [],
    problem: { kind: 'members-times', times: slotSearchOf(event).membersOnlyTimes ?? [] },
  }),
  noteClosure: ({ event }: CallArgs): Partial<BookingContext> => ({ timeslots: [], problem: { kind: 'closed', reason: slotSearchOf(event).closure! } }),
  storeTimeslots: ({ event }: CallArgs): Partial<BookingContext> => ({
    timeslots: slotSearchOf(event).timeslots,
    membersOnlyTimes: slotSearchOf(event).membersOnlyTimes ?? [],
  }),
  pickSlot: ({ context, event }: Args): Partial<BookingContext> => {
    assertEvent(event, 'slot.pick');
    return { draft: { ...context.draft, startTime: event.startTime, seatingAreaId: null }, problem: null };
  },
  pickSeating: ({ context, event }: Args): Partial<BookingContext> => {
    assertEvent(event, 'seating.pick');
    return { draft: { ...context.draft, seatingAreaId: event.seatingAreaId } };
  },
  /** A fresh start at the same venue and experience. */
  searchAgain: ({ context }: Args): Partial<BookingContext> => ({ problem: null, timeslots: [], draft: { ...context.draft, startTime: null } }),
};

/** The guards of the search steps, by the name the chart gives each. */
export const DRAFT_GUARDS = {
  /** The party searched for is outside the venue's online range. */
  partyTooLarge: ({ context, event }: Args) => {
    assertEvent(event, 'search.submit');
    return context.venue !== null && (event.numberOfGuests > context.venue.onlineMaxGuests || event.numberOfGuests < context.venue.onlineMinGuests);
  },
  /** The party searched for is outside the sizes the experience is set up for (the server refuses it too: 422 20180). */
  partyOutsideExperience: ({ context, event }: Args) => {
    assertEvent(event, 'search.submit');
    const experience = draftExperience(context);
    if (experience?.minGuests === undefined || experience.maxGuests === undefined) return false;
    return event.numberOfGuests < experience.minGuests || event.numberOfGuests > experience.maxGuests;
  },
  /** A guest (not a member) searched for a day only members may book yet (the venue's windows). */
  membersFirst: ({ context, event }: Args) => event.type === 'search.submit' && membershipVerdict(context, event).kind === 'members-first',
  /** The experience picked is for members, and the session is not a member's. */
  membersOnlyForGuest: ({ context, event }: Args) =>
    event.type === 'experience.pick' && !context.member && context.venue?.experiences.find((e) => e._id === event.experienceId)?.membersOnly === true,
  /** The picked time offers more than one dining area. */
  hasSeatingChoice: ({ context, event }: Args) => {
    assertEvent(event, 'slot.pick');
    return (context.timeslots.find((s) => s.startTime === event.startTime)?.seatingOptions.length ?? 0) > 1;
  },
  /** Back to the date and party once an experience is picked. */
  canRevisitDateParty: ({ context, event }: Args) => event.type === 'route.visit' && event.route === bookingPath('book') && context.draft.experienceId !== null,
  /** Back to the times once a search found some; also for the dining areas when the time picked offers no choice of them (the nearest step before). */
  canRevisitTimeslot: ({ context, event }: Args) =>
    event.type === 'route.visit' &&
    (event.route === bookingPath('timeslot') || (event.route === bookingPath('seating') && !areaChoice(context))) &&
    context.timeslots.length > 0,
  /** Back to the dining areas once a time that offers a choice of them is picked. */
  canRevisitSeating: ({ context, event }: Args) => event.type === 'route.visit' && event.route === bookingPath('seating') && areaChoice(context),
  /** A visit of the page named. */
  visits: ({ event }: Args, params: { route: string }) => event.type === 'route.visit' && event.route === params.route,
  visitsDraft: ({ event }: Args) => event.type === 'route.visit' && DRAFT_PATHS.includes(event.route),
  /** The search's answer: the experience is not served that day. */
  dayClosed: ({ event }: CallArgs) => !slotSearchOf(event).open,
  /** The search's answer: staff closed the day (or all of it the party could have). */
  closedByStaff: ({ event }: CallArgs) => slotSearchOf(event).closure !== undefined,
  /** The search's answer: served that day, but no table free. */
  noFreeSlots: ({ event }: CallArgs) => slotSearchOf(event).timeslots.length === 0,
  /** The search's answer to a guest: nothing but members' services that day (member-only times). */
  membersOnlyDay: ({ event }: CallArgs) => slotSearchOf(event).timeslots.length === 0 && (slotSearchOf(event).membersOnlyTimes?.length ?? 0) > 0,
};
