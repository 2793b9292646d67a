/**
 * The booking chart's data: what it keeps (`BookingContext`), the events the wizard's pages send
 * (`BookingEvent`), and the shapes of its calls' answers. The guest-identity chart
 * (machines/booking/guest-identity.machine.ts) shares the guest's and the session's shapes.
 */
import type { OfferedTimeslot } from '../../common/api/offered-timeslots';
import type { ClosureReason } from '../../common/validation/closure-validation';
import type { ServerTimed } from '../../common/api/server-time';
import type { PaymentOutput } from '../payment.machine';
import type { CodeChannel } from '../phone-verification.machine';
import type { MembersOnlyTime, Problem, Warning } from './booking-codes';
import type { Schemas, Reservation } from '../../common/api/schemas';

export type { Reservation };
export type VenueDetail = Schemas['VenueDetail'];
export type Timeslot = OfferedTimeslot;
export type GuestDetails = Schemas['GuestDetails'];
export type Agreements = Schemas['Agreements'];
export type { MembersOnlyTime } from './booking-codes';

export interface Draft {
  experienceId: string | null;
  date: string | null;
  numberOfGuests: number;
  startTime: number | null;
  /** null: any area. */
  seatingAreaId: string | null;
}

export interface BookingContext {
  domain: string | null;
  venue: VenueDetail | null;
  draft: Draft;
  timeslots: Timeslot[];
  /** The last search's services that only members may book (answering a guest), so the times page says so. */
  membersOnlyTimes: MembersOnlyTime[];
  reservation: Reservation | null;
  /** Server time minus client time when the reservation was created, so the countdown follows the server. */
  clockOffsetMs: number;
  guest: GuestDetails | null;
  agreements: Agreements | null;
  /** How the reservation was paid, for the result page; kept per reservation so no other booking shows it. */
  paid: (PaymentOutput & { reservationId: string }) | null;
  phoneVerified: boolean;
  loggedIn: boolean;
  /** The session is a club member's: the members' booking window applies. */
  member: boolean;
  /**
   * Whether `loggedIn` and `member` are the session's word yet. A stored session is checked after the
   * chart starts: a search made before then would ask as a guest and get a guest's times.
   */
  sessionKnown: boolean;
  /** The draft step the guest went back to while a table was held, taken once the table is given up. */
  revisit: string | null;
  /** A search made while the session was not known yet, made once it is. */
  pendingSearch: SearchSubmit | null;
  /** The guest was verified by a texted code to continue without an account: the hold keeps that verification. */
  verifiedGuest: boolean;
  /** Where the code of a guest continuing without an account goes: texted, or mailed. */
  guestCodeBy: CodeChannel;
  problem: Problem | null;
  warning: Warning | null;
}

/** `today`: the server's Hong Kong day as the page knows it, for the membership windows (none: the server decides). */
export type SearchSubmit = { type: 'search.submit'; date: string; numberOfGuests: number; today?: string };

/** A session's word: logged in or out, and whether as a member. */
export type SessionChanged = { type: 'session.changed'; loggedIn: boolean; member?: boolean };

/** The events of the details step before logging in, which the guest-identity chart takes. */
export type IdentityEvent =
  /** At the details step, not logged in: to the log-in page (which links to sign-up). */
  | { type: 'identify.login' }
  /** At the details step, not logged in: continue as a guest, verified by a code texted to this mobile or mailed to this e-mail (SMS when absent). */
  | { type: 'identify.guest'; contact: GuestContact; sendBy?: CodeChannel }
  | SessionChanged
  | { type: 'route.visit'; route: string };

export type BookingEvent =
  | { type: 'booking.start'; domain: string }
  | { type: 'experience.pick'; experienceId: string }
  | SearchSubmit
  | { type: 'slot.pick'; startTime: number }
  | { type: 'seating.pick'; seatingAreaId: string | null }
  | IdentityEvent
  /** A stored session is being checked (after a reload): searches wait for its `session.changed`. */
  | { type: 'session.checking' }
  | { type: 'details.submit'; guest: GuestDetails }
  | { type: 'confirm.submit'; agreements: Agreements }
  | { type: 'hold.resume' }
  | { type: 'booking.exit' }
  | { type: 'booking.restart' }
  /** The venue fetched again in the language the guest switched to. */
  | { type: 'venue.translated'; venue: VenueDetail }
  /** A hold the server made for the guest (a waitlist offer), opened to finish like a new one. */
  | { type: 'hold.take'; venue: VenueDetail; reservation: Reservation; clockOffsetMs: number };

/** A day's search: its free slots, whether the experience is served that day at all, and why closures leave nothing. */
export interface SlotSearch {
  open: boolean;
  timeslots: Timeslot[];
  closure?: ClosureReason;
  /** Answering a guest: the day's services only members may book, whose times are left out. */
  membersOnlyTimes?: MembersOnlyTime[];
}

/** Who a guest continuing without an account is: the details the code and the account are for. */
export type GuestContact = Pick<GuestDetails, 'firstName' | 'lastName' | 'email' | 'mobileCountryCode' | 'mobileNumber'>;

/** A session the server opened for a verified guest (the app has handed it to the session chart). */
export interface GuestSession {
  token: string;
  refreshToken: string;
  user: { _id: string; firstName: string; lastName: string; email: string; role: 'guest' | 'member' | 'admin' | 'staff'; memberId: string | null };
}

/** The new hold, and the server's clock as its answer told it. */
export interface CreatedHold extends ServerTimed {
  reservation: Reservation;
}
