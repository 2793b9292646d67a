/**
 * A new venue as the set-up creates it from nothing ("one way in", docs/decisions/0019-one-way-in.md): its id
 * and address name, its texts and contacts (the venue content form's rules), who may book it online and how
 * far ahead (the membership rules: members never fewer days than guests), and the policy its terms are
 * written from (docs/PRODUCT.md §9). Money in minor units.
 */
import * as v from 'valibot';
import { wholeNumberIn } from './whole-number';
import { venueContentSchema } from './venue-setup-validation';

export const VENUE_CREATE_MESSAGES = {
  idInvalid: /*i18n*/ 'The venue id is 24 characters of 0-9 and a-f',
  domainInvalid: /*i18n*/ 'The web address name is 2 to 30 lower-case letters, digits or hyphens',
  guestsInvalid: /*i18n*/ 'Enter a number of guests from 1 to 40',
  onlineOverMaximum: /*i18n*/ 'Online parties cannot be larger than the largest party',
  onlineOrder: /*i18n*/ 'The largest online party must be at least the smallest',
  minutesInvalid: /*i18n*/ 'Enter a number of minutes from 0 to 10080',
  daysInvalid: /*i18n*/ 'Enter a number of days from 1 to 366',
  membersBeforeGuests: /*i18n*/ 'Members must be able to book at least as far ahead as guests',
  amountInvalid: /*i18n*/ 'Enter an amount of 0 or more',
  hoursInvalid: /*i18n*/ 'Enter a number of hours from 0 to 720',
} as const;

const M = VENUE_CREATE_MESSAGES;
const guests = wholeNumberIn(1, 40, M.guestsInvalid);
const amount = wholeNumberIn(0, 100_000_000, M.amountInvalid);

/** The values of a venue's policy texts (docs/PRODUCT.md §9): cancellation window and fee, fees by party size, no-show fee, minimum spend. */
export const venuePolicySchema = v.object({
  cancellationWindowHours: wholeNumberIn(0, 720, M.hoursInvalid),
  cancellationFee: v.object({ type: v.picklist(['PER_PERSON', 'PERCENTAGE']), amount }),
  feesByPartySize: v.pipe(v.array(v.object({ minGuestCount: guests, amount })), v.maxLength(10)),
  noShowFeePerPerson: amount,
  minimumSpend: v.nullable(v.object({ type: v.picklist(['PER_PERSON', 'TOTAL']), amount })),
  maximumPartySize: guests,
});

const { version: _version, ...content } = venueContentSchema.entries;

export const newVenueSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(M.idInvalid), v.regex(/^[0-9a-f]{24}$/, M.idInvalid)),
    domain: v.pipe(v.string(M.domainInvalid), v.regex(/^[a-z0-9-]{2,30}$/, M.domainInvalid)),
    ...content,
    maxPartySize: guests,
    onlineMinGuests: guests,
    onlineMaxGuests: guests,
    requiresPhoneVerification: v.boolean(),
    /** How long before a slot online bookings close. */
    minLeadMinutes: wholeNumberIn(0, 10_080, M.minutesInvalid),
    /** How many days ahead guests and members may book (server/services/reservations/membership-rules.ts). */
    bookingDays: v.optional(v.object({ guest: wholeNumberIn(1, 366, M.daysInvalid), member: wholeNumberIn(1, 366, M.daysInvalid) }), { guest: 90, member: 90 }),
    policy: venuePolicySchema,
  }),
  v.forward(v.check((n) => n.onlineMinGuests <= n.onlineMaxGuests, M.onlineOrder), ['onlineMaxGuests']),
  v.forward(v.check((n) => n.onlineMaxGuests <= n.maxPartySize, M.onlineOverMaximum), ['onlineMaxGuests']),
  v.forward(v.check((n) => n.bookingDays.member >= n.bookingDays.guest, M.membersBeforeGuests), ['bookingDays', 'member']),
);
export type NewVenueInput = v.InferInput<typeof newVenueSchema>;
export type NewVenue = v.InferOutput<typeof newVenueSchema>;
