/**
 * The manage chart's data (machines/manage.machine.ts): what it keeps, the events the manage page sends,
 * the shapes of its calls, and the rules its guards and the page share (`isUpcomingConfirmed`, `timeOptions`).
 */
import type { OfferedTimeslot } from '../common/api/offered-timeslots';
import type { ServerTimed } from '../common/api/server-time';
import { serviceDateTime } from '../common/time';
import type { Schemas, Reservation } from '../common/api/schemas';

type SeatingArea = Schemas['SeatingArea'];

export type { Reservation };
export type ChangeQuote = Schemas['ChangeQuote'];
export type ChangeHold = Schemas['ChangeHold'];
export type Timeslot = OfferedTimeslot;
/** A service of the day only members may book, named so the form can say why its times are missing. */
export type MembersOnlyTime = NonNullable<Schemas['Availability']['membersOnlyTimes']>[number];

/** The free times of a day and party, and the services of that day only members may book (none for a member). */
export interface SlotSearch {
  timeslots: Timeslot[];
  membersOnlyTimes: MembersOnlyTime[];
}

/** What the guest is asking to change to; `startTime` null until a time is picked; `seatingAreaId` null: any area. */
export interface ChangeDraft {
  date: string;
  numberOfGuests: number;
  startTime: number | null;
  seatingAreaId: string | null;
}

/** What the guest sees about the last thing that went wrong. */
export type ManageProblem =
  | { kind: 'load'; status?: number; message: string } // the reservation could not be read
  | { kind: 'slots'; message: string } // availability for the new date or party could not be read
  | { kind: 'unavailable'; message: string } // ERROR_CODES.SELECTION_UNAVAILABLE: 'Sorry, your selection is unavailable'
  | { kind: 'change'; message: string } // any other refusal of the change
  | { kind: 'hold-expired'; message: string } // the 15 minutes held for paying the change ran out: the booking is as it was
  | { kind: 'cancel'; message: string }; // shown under 'Cancellation failed'

export interface AvailabilityQuery {
  venueId: string;
  experienceId: string;
  date: string;
  numberOfGuests: number;
  seatingAreaId: string | null;
}

export interface ChangeRequest {
  reservationId: string;
  date: string;
  startTime: number;
  numberOfGuests: number;
  /** The dining area asked for; null: any. */
  seatingAreaId: string | null;
  /** A member pays what the change costs more from the wallet, with the change. */
  payWith?: 'WALLET';
}

/** The fields of a change as both the app's and the manage link's calls send them. */
export const changeFields = ({ date, startTime, numberOfGuests, seatingAreaId }: ChangeRequest) => ({ date, startTime, numberOfGuests, seatingAreaId });

/** The reservation as read, and the server's clock as the answer told it. */
export interface LoadedReservation extends ServerTimed {
  reservation: Reservation;
}

export interface ManageContext {
  reservationId: string | null;
  /** 'cancel' when opened from the cancel page: a cancellable reservation goes straight to the confirmation. */
  intent: 'view' | 'cancel';
  reservation: Reservation | null;
  draft: ChangeDraft | null;
  timeslots: Timeslot[];
  /** The draft's day's services only members may book, marked beside the times as the wizard marks them. */
  membersOnlyTimes: MembersOnlyTime[];
  problem: ManageProblem | null;
  /** What the draft costs, asked before saving. */
  quote: ChangeQuote | null;
  /** The change held while its difference is paid by card. */
  hold: ChangeHold | null;
  /** Server time minus device time when the reservation was read: "upcoming" is judged on the server's clock. */
  clockOffsetMs: number;
}

export type ManageEvent =
  | { type: 'reservation.open'; id: string; intent?: 'view' | 'cancel' }
  | { type: 'reservation.retry' }
  | { type: 'change.start' }
  | { type: 'change.edit'; date: string; numberOfGuests: number }
  | { type: 'change.pick'; startTime: number }
  /** The dining area for the picked time (null: no preference), as the wizard's seating step offers it. */
  | { type: 'change.seat'; seatingAreaId: string | null }
  | { type: 'change.submit' }
  /** From the review: save a change that costs nothing more (or gives money back). */
  | { type: 'change.confirm' }
  | { type: 'change.payWallet' }
  | { type: 'change.payCard' }
  /** From the review or the payment: back to the form, the booking as it is. */
  | { type: 'change.back' }
  | { type: 'change.discard' }
  | { type: 'cancel.start' }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.retry' }
  | { type: 'cancel.back' }
  /** The reservation read again in the language the guest switched to. */
  | { type: 'reservation.translated'; reservation: Reservation };

/** Whether a reservation is CONFIRMED and has not started at `now`: only then may it change or be cancelled. */
export function isUpcomingConfirmed(reservation: Reservation | null, now: Date): boolean {
  return (
    reservation !== null &&
    reservation.status === 'CONFIRMED' &&
    serviceDateTime(reservation.date, reservation.startTime) > now
  );
}

/**
 * The times to offer for the draft: the free slots, plus the reservation's own time while the date and
 * party are unchanged (its own table keeps it off the free list).
 */
export function timeOptions(context: Pick<ManageContext, 'reservation' | 'draft' | 'timeslots'>): number[] {
  const times = new Set(context.timeslots.map((slot) => slot.startTime));
  const { reservation, draft } = context;
  if (reservation && draft && draft.date === reservation.date && draft.numberOfGuests === reservation.numberOfGuests) {
    times.add(reservation.startTime);
  }
  return [...times].sort((a, b) => a - b);
}

/** Whether the draft still asks for the reservation's own day, party and time (its own table, off the free list). */
const isOwnSlot = ({ reservation, draft }: Pick<ManageContext, 'reservation' | 'draft'>) =>
  reservation !== null &&
  draft !== null &&
  draft.date === reservation.date &&
  draft.numberOfGuests === reservation.numberOfGuests &&
  draft.startTime === reservation.startTime;

/**
 * The dining areas to offer for the draft's time: those with a free table then, plus the reservation's own
 * area while it keeps its own day, party and time. None until a time is picked.
 */
export function areaOptions(context: Pick<ManageContext, 'reservation' | 'draft' | 'timeslots'>): SeatingArea[] {
  const { reservation, draft } = context;
  if (!draft || draft.startTime === null) return [];
  const areas = [...(context.timeslots.find((slot) => slot.startTime === draft.startTime)?.seatingOptions ?? [])];
  const own = reservation?.seatingArea;
  if (own && isOwnSlot(context) && !areas.some((area) => area._id === own._id)) areas.unshift({ _id: own._id, name: own.name, description: '' });
  return areas;
}

/** The draft's area when it is offered at the draft's time, else any area. */
export function offeredArea(context: Pick<ManageContext, 'reservation' | 'draft' | 'timeslots'>): string | null {
  const id = context.draft?.seatingAreaId ?? null;
  return id !== null && areaOptions(context).some((area) => area._id === id) ? id : null;
}

/** Said when the time held for paying a change runs out (the page words it in the guest's language). */
export const HOLD_EXPIRED = 'The time held for your change has run out. Your booking stays as it was.';
