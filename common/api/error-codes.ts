/**
 * Error codes of the API's `{ status, errorCode, message }` envelope. The completion codes and their
 * texts are docs/PRODUCT.md §8's, word for word; the others are ours, for failures docs/PRODUCT.md names only by message.
 */

/** docs/PRODUCT.md §8: reservation completion codes. `ownText` says whether the client shows the text itself. */
export const COMPLETION_ERRORS = {
  1010101: { message: /*i18n*/ 'Not a Club member', ownText: false },
  1010102: { message: /*i18n*/ 'Unable to fetch Reservations', ownText: true },
  1010103: { message: /*i18n*/ 'Reservation not found', ownText: false },
  1010104: { message: /*i18n*/ 'You have reached your limit of active Reservations', ownText: true },
  1010105: { message: /*i18n*/ 'You have reached your annual limit of Reservations', ownText: true },
  10202: { message: /*i18n*/ 'Your reservation has expired. Please make a new reservation', ownText: true },
  10203: { message: /*i18n*/ "It's too late to confirm this reservation. Please make a new reservation", ownText: true },
  10204: { message: /*i18n*/ "We couldn't find the venue information. Please try again", ownText: false },
  10205: { message: /*i18n*/ 'A mobile number is required to complete your reservation', ownText: true },
  10206: { message: /*i18n*/ "We couldn't process your guest information", ownText: false },
  10207: { message: /*i18n*/ "We couldn't find your guest profile", ownText: false },
  10208: { message: /*i18n*/ 'You have an overlapping Reservation at another venue', ownText: true },
  10209: { message: /*i18n*/ "couldn't update your reservation", ownText: false },
  10210: { message: /*i18n*/ "couldn't process your payment information", ownText: false },
  10211: { message: /*i18n*/ "couldn't update your reservation status", ownText: false },
  10212: { message: /*i18n*/ "couldn't send the phone verification", ownText: false },
} as const;

export type CompletionErrorCode = keyof typeof COMPLETION_ERRORS;

/** docs/PRODUCT.md §8's completion codes that the booking chart branches on, by name. */
export const COMPLETION_CODES = {
  NOT_A_MEMBER: 1010101,
  ACTIVE_LIMIT: 1010104,
  ANNUAL_LIMIT: 1010105,
  EXPIRED: 10202,
  TOO_LATE: 10203,
  MOBILE_REQUIRED: 10205,
  OVERLAP: 10208,
} as const satisfies Record<string, CompletionErrorCode>;

/** Codes of our own, outside the completion catalogue. */
export const ERROR_CODES = {
  VALIDATION: 40000,
  UNAUTHORIZED: 40100,
  LOGIN_FAILED: 40101,
  LOGIN_EXPIRED: 40102,
  EMAIL_NOT_VERIFIED: 40103,
  FORBIDDEN: 40300,
  NOT_FOUND: 40400,
  CONFLICT: 40900,
  PAYLOAD_TOO_LARGE: 41300,
  UNSUPPORTED_MEDIA_TYPE: 41500,
  RATE_LIMITED: 42900,
  INTERNAL: 50000,
  SERVICE_UNAVAILABLE: 50300,
  PARTY_TOO_LARGE: 20101,
  SELECTION_UNAVAILABLE: 20102,
  VENUE_NOT_FOUND: 20103,
  NOT_CHANGEABLE: 20104,
  NO_AVAILABILITY: 20105,
  VERIFICATION_FAILED: 20106,
  /** A new payment for a reservation that another payment has already paid: the browser goes on to complete it. */
  ALREADY_PAID: 20107,
  /** Fair inventory: the guest already holds as many bookings not yet confirmed as one may (a hold or a waitlist offer is refused). */
  HOLD_LIMIT: 20108,
  /** Fair inventory: the guest already has as many standing waitlist entries as one may (joining another is refused). */
  WAITLIST_LIMIT: 20109,
  /** Staff asked for something at a time the venue does not serve: a walk-in, a phone booking or a visit change outside its service hours. */
  OUTSIDE_SERVICE_HOURS: 20110,
  /** A change that costs more than was paid, and the difference not paid with it: nothing changed. */
  CHANGE_PAYMENT_REQUIRED: 20111,
  /** Booking rules by membership: the date is open to members but not yet to guests (the answer says from when). */
  MEMBERS_BOOK_FURTHER: 20160,
  /** Booking rules by membership: the dining area asked for is for members only. */
  MEMBERS_ONLY_AREA: 20161,
  /** Booking rules by membership: the time asked for is in a service only members may book. */
  MEMBERS_ONLY_TIME: 20200,
  /** Continuing as a guest with the e-mail of an account that a code to this number cannot open: log in instead. */
  ACCOUNT_EXISTS: 20162,
  /** A set-up change started from a version of the record that someone else has changed since: nothing changed. */
  SETUP_CONFLICT: 20140,
  /** A set-up change the rules refuse; the body's `reasons` lists every rule it breaks: nothing changed. */
  SETUP_REFUSED: 20141,
  /** An uploaded picture that is not a JPEG, PNG or WebP image by its content (whatever its name says). */
  PICTURE_NOT_ACCEPTED: 20131,
  /** An uploaded menu that is not a PDF by its content. */
  MENU_NOT_PDF: 20132,
  /** An upload over its size limit (a picture 8 MB, a menu 10 MB). */
  UPLOAD_TOO_LARGE: 20133,
  /** A change held while its difference is paid, that can no longer be paid for or made (its hold ran out, or the booking moved on). */
  CHANGE_HOLD_GONE: 20112,
  /** A Stripe-only call (the reconciliation) while payments run on another processor. */
  NOT_ON_STRIPE: 20120,
  /** A manage link that is not one of ours; expired; or of a version the reservation has moved on from. */
  LINK_INVALID: 40401,
  LINK_EXPIRED: 41001,
  LINK_OUTDATED: 40901,
  /** The guest book: a merge of a guest into themself, or of an account already merged away. */
  MERGE_SAME_GUEST: 20150,
  /** A merge by venue staff when not both accounts have booked at their venue: an admin must. */
  MERGE_NOT_ENTITLED: 20154,
  /** A merge of two accounts that share no verified e-mail or mobile number. */
  MERGE_NOT_VERIFIED: 20155,
  /** A merge of a member's account (member number, wallet) by anyone but an admin. */
  MERGE_MEMBER_ADMIN_ONLY: 20156,
  /** Undoing a merge more than 30 days old. */
  MERGE_UNDO_EXPIRED: 20157,
  /** Undoing a merge already undone, whose kept account was merged on since, or whose wallets moved since. */
  MERGE_UNDO_NOT_POSSIBLE: 20158,
  /** An admin's new tag named as a live tag is (in any case). */
  TAG_NAME_TAKEN: 20151,
  /** Giving a guest a tag an admin has removed. */
  TAG_ARCHIVED: 20152,
  /** Removing a built-in tag (VIP, regular, press, allergy). */
  TAG_BUILT_IN: 20153,
  /** An admin demoting or removing their own account: another admin must. */
  OWN_STAFF_ACCESS: 40301,
  /** A feedback link past its time (a month after the mail). */
  FEEDBACK_LINK_EXPIRED: 20170,
  /** The allergy answer for a visit that has already started: tell the venue instead. */
  ALLERGIES_TOO_LATE: 20171,
  /** An erasure asked of a staff account, or of a guest already anonymous: nothing to do. */
  ERASURE_NOT_POSSIBLE: 20172,
  /** Carrying out an erasure the guest has not asked for (the retention job anonymises on its own). */
  ERASURE_NOT_REQUESTED: 20173,
  /** Venue staff changing their venue's set-up while an admin has not allowed it (the venue's `staff_may_set_up`). */
  SETUP_STAFF_NOT_ALLOWED: 20185,
  /** A party outside the sizes an experience is set up for (its own, inside the venue's online sizes). */
  EXPERIENCE_PARTY_SIZE: 20180,
  /** A new booking of an experience the venue has retired (its bookings stand). */
  EXPERIENCE_RETIRED: 20181,
  /** The walk-in queue: seating, quoting or calling a party another host has already seated. */
  WALK_IN_ALREADY_SEATED: 20210,
  /** The walk-in queue: seating, quoting or calling a party that has left the queue. */
  WALK_IN_ALREADY_LEFT: 20211,
  /** A Twilio webhook whose X-Twilio-Signature does not match (forged, or sent to another address). */
  TWILIO_SIGNATURE_INVALID: 20270,
  /** A Twilio webhook for a message already received: a replay. */
  TWILIO_REPLAYED: 20271,
  /** A text to a booking whose guest left no mobile number. */
  NO_MOBILE_NUMBER: 20272,
  /** A call outcome or reconfirmation for a booking that is not upcoming and confirmed. */
  RECONFIRMATION_CLOSED: 20273,
  /** The host stand: running late marked on a party that has arrived, or a booking not confirmed. */
  RUNNING_LATE_REFUSED: 20202,
  /** The host stand: the table another host has just given to another party (the refusal names it). */
  TABLE_JUST_TAKEN: 20201,
  /** The host stand: covers marked here for a party that is not expected or at its table (finished, a no-show, cancelled). */
  ARRIVED_COVERS_REFUSED: 20212,
  /** A phone booking's pay link: resending, extending or paying a link that is not open (paid, released, or none was sent). */
  PAY_LINK_NOT_OPEN: 20230,
  /** Extending a pay link past the booking's start: it never lapses after the guests are due. */
  PAY_LINK_PAST_START: 20231,
  /** Paying through a pay link after it lapsed: the booking is released, or owed at the venue. */
  PAY_LINK_LAPSED: 20232,
  /** Paying through the manage link a fee that is not owed (none, charged, or being charged now). */
  FEE_NOT_OWED: 20233,
  /** Confirming a booking of a guaranteed experience before its card is saved (docs/decisions/0035-card-guarantee.md). */
  CARD_GUARANTEE_REQUIRED: 20260,
  /** Saving a card for a booking whose experience asks for no card guarantee. */
  CARD_GUARANTEE_NOT_NEEDED: 20261,
} as const;
