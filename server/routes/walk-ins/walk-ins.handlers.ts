/** Handlers of the walk-in queue at the host stand, and of the guest's page of their place in it. */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import type { ResponseBody } from '../../lib/api-types';
import { badRequest } from '../../lib/errors';
import { idSchema, intFromString, isoDateSchema, parseBody, parseParams, parseQuery, requiredMessage, requiredObject } from '../../lib/validate';
import { MAX_REPORT_DAYS, rangeDays } from '../../../common/report-range';
import { newWalkInSchema, seatWalkInEntrySchema, walkInLeftSchema, walkInQuoteSchema } from '../../../common/validation/walk-in-queue-validation';
import { localizedReservation } from '../reservations/localized-reservation';
import { addToWalkInQueue, changeWalkInQuote, estimateWalkIn, listWalkInQueue, walkInLeft } from '../../services/walk-ins/walk-in-queue';
import { walkInTableReady } from '../../services/walk-ins/walk-in-ready';
import { seatFromWalkInQueue } from '../../services/walk-ins/walk-in-seat';
import { walkInReport } from '../../services/walk-ins/walk-in-report';
import { walkInGuestView } from '../../services/walk-ins/walk-in-guest-view';

type Ctx = Context<AppEnv>;

const venueParams = requiredObject({ venueId: idSchema });
const entryParams = requiredObject({ venueId: idSchema, entryId: idSchema });
const tokenParams = requiredObject({ token: v.pipe(v.string(), v.maxLength(200)) });
const dayQuery = v.object({ date: v.optional(isoDateSchema) });
const estimateQuery = v.object({
  guests: v.pipe(v.optional(v.string(), ''), v.nonEmpty(requiredMessage('guests')), intFromString(1, 10)),
  seatingAreaId: v.optional(idSchema),
});
const reportQuery = requiredObject({ from: isoDateSchema, to: isoDateSchema });

export function createWalkInHandlers() {
  return {
    /** GET /admin/venue/{venueId}/walk-in-queue?date=: the day's parties in arrival order. */
    async list(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const { date } = parseQuery(c, dayQuery);
      const data = await listWalkInQueue(c.get('deps'), c.get('auth'), venueId, date);
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/venue/{venueId}/walk-in-queue', 'get', 200>, 200);
    },

    /** POST /admin/venue/{venueId}/walk-in-queue: a party joins the queue with its quote. */
    async add(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const input = await parseBody(c, newWalkInSchema);
      const data = await addToWalkInQueue(c.get('deps'), c.get('auth'), venueId, input);
      return c.json({ status: 201, data } satisfies ResponseBody<'/admin/venue/{venueId}/walk-in-queue', 'post', 201>, 201);
    },

    /** GET /admin/venue/{venueId}/walk-in-queue/estimate?guests=: the wait a party joining now would be quoted. */
    async estimate(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const { guests, seatingAreaId } = parseQuery(c, estimateQuery);
      const data = await estimateWalkIn(c.get('deps'), c.get('auth'), venueId, { numberOfGuests: guests, seatingAreaId: seatingAreaId ?? null });
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/venue/{venueId}/walk-in-queue/estimate', 'get', 200>, 200);
    },

    /** PUT /admin/venue/{venueId}/walk-in-queue/{entryId}/quote: the host's own quote. */
    async quote(c: Ctx) {
      const { venueId, entryId } = parseParams(c, entryParams);
      const { quotedMinutes } = await parseBody(c, walkInQuoteSchema);
      const data = await changeWalkInQuote(c.get('deps'), c.get('auth'), venueId, entryId, quotedMinutes);
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/venue/{venueId}/walk-in-queue/{entryId}/quote', 'put', 200>, 200);
    },

    /** POST /admin/venue/{venueId}/walk-in-queue/{entryId}/ready: call the party, by text when it left a number. */
    async ready(c: Ctx) {
      const { venueId, entryId } = parseParams(c, entryParams);
      const data = await walkInTableReady(c.get('deps'), c.get('auth'), venueId, entryId);
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/venue/{venueId}/walk-in-queue/{entryId}/ready', 'post', 200>, 200);
    },

    /** POST /admin/venue/{venueId}/walk-in-queue/{entryId}/seat: the party seated as a walk-in. */
    async seat(c: Ctx) {
      const { venueId, entryId } = parseParams(c, entryParams);
      // The body is optional (no table named: the smallest free one that fits); one sent is checked.
      const hasBody = c.req.header('content-type') !== undefined;
      const { tableId } = hasBody ? await parseBody(c, seatWalkInEntrySchema) : { tableId: undefined };
      const seated = await seatFromWalkInQueue(c.get('deps'), c.get('auth'), venueId, entryId, tableId);
      const data = { entry: seated.entry, reservation: await localizedReservation(c, seated.reservation) };
      return c.json({ status: 201, data } satisfies ResponseBody<'/admin/venue/{venueId}/walk-in-queue/{entryId}/seat', 'post', 201>, 201);
    },

    /** POST /admin/venue/{venueId}/walk-in-queue/{entryId}/left: the party gone, with the reason. */
    async left(c: Ctx) {
      const { venueId, entryId } = parseParams(c, entryParams);
      const { reason } = await parseBody(c, walkInLeftSchema);
      const data = await walkInLeft(c.get('deps'), c.get('auth'), venueId, entryId, reason);
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/venue/{venueId}/walk-in-queue/{entryId}/left', 'post', 200>, 200);
    },

    /** GET /admin/venue/{venueId}/walk-in-report?from=&to=: how good the quotes were, by party size. */
    async report(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const { from, to } = parseQuery(c, reportQuery);
      const days = rangeDays(from, to);
      if (days < 1) throw badRequest(/*i18n*/ 'The range must end on or after the day it starts', 'to');
      if (days > MAX_REPORT_DAYS) throw badRequest(/*i18n*/ 'A report covers at most {days} days', 'to', { days: MAX_REPORT_DAYS });
      const data = await walkInReport(c.get('deps').db, c.get('auth'), venueId, from, to);
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/venue/{venueId}/walk-in-report', 'get', 200>, 200);
    },

    /** GET /public/walk-in/{token}: the guest's place in the queue. */
    async guestView(c: Ctx) {
      const { token } = parseParams(c, tokenParams);
      const data = await walkInGuestView(c.get('deps'), token);
      return c.json({ status: 200, data } satisfies ResponseBody<'/public/walk-in/{token}', 'get', 200>, 200);
    },
  };
}
