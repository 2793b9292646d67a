/** Handlers of the reservations area: availability, create, complete, change, cancel, list and read. */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import { hexIdMessage, isoDateMessage, parseBody, parseParams, parseQuery, requiredObject } from '../../lib/validate';
import { completeReservationSchema } from '../../../common/validation/guest-details';
import { textWithValues } from '../../../common/message-values';
import { isIsoDate, addDays, DATE_RANGE, serviceDayStartMs } from '../../../common/time';
import { localizeAvailability } from '../localisation/content';
import { localizedReservation, localizedReservations } from './localized-reservation';
import { getAvailability, getAvailabilityUntil } from '../../services/venues/availability';
import { lookupCacheOf, sendLookupAnswer } from './availability-cache';
import { membershipOf, type Membership } from '../../services/booking-rules/membership-rules';
import { MAX_GUESTS } from '../../services/booking-rules/selection-checks';
import { cancelReservation, changeReservation, quoteReservationChange } from '../../services/reservations/reservation-change';
import { completeReservation } from '../../services/reservations/reservation-complete';
import { createReservation } from '../../services/reservations/reservation-create';
import { decodePastCursor, getOwnCalendarInvite, getOwnReservation, listOwnReservations, PAST_CURSOR_PATTERN } from '../../services/reservations/reservation-queries';
import { RESERVATION_LOCALES, resolveLocale } from '../../services/reservations/reservations';
import { settleWaitlist } from '../../services/waitlist/waitlist-offers';
import { answer } from '../route';
import type { ResponseBody } from '../../lib/api-types';

type Ctx = Context<AppEnv>;

// Each message names its field: the envelope's `field` says which, the text says what to do.
export const id = (name: string) => v.pipe(v.string(hexIdMessage(name)), v.regex(/^[0-9a-f]{24}$/, hexIdMessage(name)));
export const date = (name: string) => v.pipe(v.string(isoDateMessage(name)), v.check(isIsoDate, isoDateMessage(name)));

const PARTY_MESSAGE = textWithValues(/*i18n*/ 'numberOfGuests must be a whole number from 1 to {max}', { max: MAX_GUESTS });
export const partySize = v.pipe(v.number(PARTY_MESSAGE), v.integer(PARTY_MESSAGE), v.minValue(1, PARTY_MESSAGE), v.maxValue(MAX_GUESTS, PARTY_MESSAGE));
// Minutes from the service day's midnight; after-midnight slots run up to 48 hours.
const START_MESSAGE = /*i18n*/ 'startTime must be minutes from midnight (0 to 2880)';
export const startTime = v.pipe(v.number(START_MESSAGE), v.integer(START_MESSAGE), v.minValue(0, START_MESSAGE), v.maxValue(2880, START_MESSAGE));

const availabilityParams = requiredObject({ venueId: id('venueId'), date: date('date') });
/** A party size given in the query string. */
export const partySizeQuery = v.pipe(v.string(PARTY_MESSAGE), v.regex(/^\d+$/, PARTY_MESSAGE), v.transform(Number), v.minValue(1, PARTY_MESSAGE), v.maxValue(MAX_GUESTS, PARTY_MESSAGE));
const availabilityQuery = requiredObject({
  numberOfGuests: partySizeQuery,
  experienceId: id('experienceId'),
  seatingAreaId: v.optional(id('seatingAreaId')),
});

const idParams = requiredObject({ id: id('id') });

const PAST_CURSOR_MESSAGE = /*i18n*/ 'pastCursor must be the pastCursor of an earlier answer';
// A cursor is an instant of a booking, so within the days the server books (common/time.ts, DATE_RANGE):
// one thousands of years on is no instant the database can compare with.
const CURSOR_FROM_MS = serviceDayStartMs(DATE_RANGE.from);
const CURSOR_TO_MS = serviceDayStartMs(addDays(DATE_RANGE.to, 1));
const listQuery = v.object({
  pastCursor: v.optional(
    v.pipe(
      v.string(PAST_CURSOR_MESSAGE),
      v.regex(PAST_CURSOR_PATTERN, PAST_CURSOR_MESSAGE),
      v.transform(decodePastCursor),
      v.check((cursor) => cursor.startsAtMs >= CURSOR_FROM_MS && cursor.startsAtMs < CURSOR_TO_MS, PAST_CURSOR_MESSAGE),
    ),
  ),
});

const createBody = requiredObject({
  venueId: id('venueId'),
  experienceId: id('experienceId'),
  date: date('date'),
  startTime,
  numberOfGuests: partySize,
  seatingAreaId: v.optional(v.nullable(id('seatingAreaId'))),
  bookingSource: v.optional(v.picklist(['GUEST_WEB_MOBILE', 'GUEST_WEB'], /*i18n*/ 'bookingSource must be GUEST_WEB_MOBILE or GUEST_WEB'), 'GUEST_WEB'),
  locale: v.optional(
    v.picklist(RESERVATION_LOCALES, textWithValues(/*i18n*/ 'locale must be one of {locales}', { locales: RESERVATION_LOCALES.join(', ') })),
  ),
});

/** A change's fields (also what a change held for paying by card is asked with). */
export const changeBody = requiredObject({
  date: v.optional(date('date')),
  startTime: v.optional(startTime),
  numberOfGuests: v.optional(partySize),
  seatingAreaId: v.optional(v.nullable(id('seatingAreaId'))),
  notes: v.optional(v.nullable(v.pipe(v.string(/*i18n*/ 'notes must be text'), v.maxLength(500, /*i18n*/ 'notes must be at most 500 characters')))),
  payWith: v.optional(v.picklist(['WALLET'], /*i18n*/ 'payWith must be WALLET')),
});

/**
 * Free slots for a party as `membership` may book them: the token call's answer, and the public call's
 * (server/routes/guest-booking) for anyone not logged in.
 */
export async function answerAvailability(c: Ctx, membership: Membership) {
  const { venueId, date } = parseParams(c, availabilityParams);
  const query = parseQuery(c, availabilityQuery);
  const { db, clock } = c.get('deps');
  const selection = { venueId, date, numberOfGuests: query.numberOfGuests, experienceId: query.experienceId, seatingAreaId: query.seatingAreaId };
  const now = clock.now();
  const cache = lookupCacheOf(db);
  if (!cache) return answer(200, { status: 200, data: localizeAvailability(c.var.i18n, await getAvailability(db, selection, now, membership)) });
  // From memory when nothing changed it (decision 0038): the same bytes c.json would send.
  const kept = await cache.answer({ ...selection, membership, locale: c.var.locale }, now.getTime(), async () => {
    const { result, validUntilMs } = await getAvailabilityUntil(db, selection, now, membership);
    const body = JSON.stringify({ status: 200, data: localizeAvailability(c.var.i18n, result) } satisfies ResponseBody<'/user/reservation/v1.1/timeslot-availability/{venueId}/{date}', 'get', 200>);
    return { body: new TextEncoder().encode(body), validUntilMs };
  });
  return sendLookupAnswer(c, kept);
}

export function createReservationHandlers() {
  return {
    /** GET /user/reservation/v1.1/timeslot-availability/{venueId}/{date}: free slots for a party, under the caller's membership's rules. */
    availability: (c: Ctx) => answerAvailability(c, membershipOf(c.get('auth'))),

    /** POST /user/reservation/v1.1: hold a table (PENDING for 15 minutes). */
    async create(c: Ctx) {
      const body = await parseBody(c, createBody);
      const reservation = await createReservation(c.get('deps'), c.get('claims'), {
        venueId: body.venueId,
        experienceId: body.experienceId,
        date: body.date,
        startTime: body.startTime,
        numberOfGuests: body.numberOfGuests,
        seatingAreaId: body.seatingAreaId ?? undefined,
        bookingSource: body.bookingSource,
        locale: resolveLocale(body.locale, c.req.header('accept-language')),
      });
      const data = await localizedReservation(c, reservation);
      return answer(201, { status: 201, data });
    },

    /** GET /user/reservation: the caller's upcoming reservations and a page of past ones, or (pastCursor) the next page. */
    async list(c: Ctx) {
      const { pastCursor } = parseQuery(c, listQuery);
      const page = await listOwnReservations(c.get('deps'), c.get('auth').id, pastCursor);
      const body = { status: 200, data: await localizedReservations(c, page.reservations), pastCursor: page.pastCursor };
      return answer(200, body);
    },

    /** GET /user/reservation/{id}: one of the caller's reservations. */
    async get(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const body = { status: 200, data: await localizedReservation(c, await getOwnReservation(c.get('deps'), c.get('auth').id, id)) };
      return answer(200, body);
    },

    /** GET /user/reservation/{id}/calendar.ics: the invitation of a confirmed (or cancelled) reservation. */
    async calendar(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const file = await getOwnCalendarInvite(c.get('deps'), c.get('auth').id, id);
      return c.body(file.text, 200, {
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
        'Cache-Control': 'private, no-store',
      });
    },

    /** PUT /user/reservation/v1.1/complete/{id}: confirm with guest details and agreements. */
    async complete(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const input = await parseBody(c, completeReservationSchema);
      const body = { status: 200, data: await localizedReservation(c, await completeReservation(c.get('deps'), c.get('auth').id, id, input)) };
      return answer(200, body);
    },

    /** PUT /user/reservation/v1.1/{id}: change day, time, party, area or notes. */
    async update(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const input = await parseBody(c, changeBody);
      const body = { status: 200, data: await localizedReservation(c, await changeReservation(c.get('deps'), c.get('auth').id, id, input)) };
      // A move may have freed a table someone on the waitlist is waiting for.
      await settleWaitlist(c.get('deps'));
      return answer(200, body);
    },

    /** POST /user/reservation/v1.1/{id}/quote: what the change would cost, before it is made. */
    async quote(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const input = await parseBody(c, changeBody);
      const data = await quoteReservationChange(c.get('deps'), c.get('auth').id, id, input);
      return answer(200, { status: 200, data });
    },

    /** PUT /user/reservation/v1.1/cancel/{id}: cancel or release the hold. */
    async cancel(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const body = { status: 200, data: await localizedReservation(c, await cancelReservation(c.get('deps'), c.get('auth').id, id)) };
      // The freed table goes to the first guest waiting for it (or, for an offered hold, on to the next).
      await settleWaitlist(c.get('deps'));
      return answer(200, body);
    },
  };
}
