/** Handlers of the staff area: the staff console's calls, each checked for the caller's role and venue. */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import { checkVenueAccess } from '../../lib/auth';
import { hexIdMessage, idSchema, intFromString, isoDateMessage, isoDateSchema, parseBody, parseParams, parseQuery, requiredMessage, requiredObject } from '../../lib/validate';
import { isIsoDate } from '../../../common/time';
import { newStaffSchema, staffChangeSchema, visitChangeSchema } from '../../../common/validation/staff-validation';
import { bookingNotesSchema, moveBookingSchema, phoneBookingSchema, STAFF_BOOKING_MESSAGES, walkInSchema } from '../../../common/validation/staff-booking-validation';
import { newClosureSchema } from '../../../common/validation/closure-validation';
import { localizeSeatingArea, localizeText } from '../localisation/content';
import { localizedReservation, localizedReservations } from '../reservations/localized-reservation';
import { listAudit } from '../../services/audit/audit-log';
import { createClosure, listClosures, removeClosure } from '../../services/staff/closure-admin';
import { loadVenueCatalog, venueOf } from '../../services/booking-rules/venue-catalog';
import { listVenueReservations } from '../../services/reservations/reservation-queries';
import { changeStaffAccount, createStaffAccount, listStaff, removeStaffAccount, restoreStaffAccount } from '../../services/staff/staff-accounts';
import { changeVisit } from '../../services/staff/visit-lifecycle';
import { chargeNoShowFeeAgain } from '../../services/payments/no-show-fee-charge';
import { createPhoneBooking, moveBooking, quoteStaffChange, recordPaidAtVenue, seatWalkIn } from '../../services/staff/staff-bookings';
import { tablePlan } from '../../services/staff/table-plan';
import { editBookingNotes } from '../../services/staff/booking-notes';
import { settleWaitlist } from '../../services/waitlist/waitlist-offers';
import { answer } from '../route';

type Ctx = Context<AppEnv>;

const dayQuery = v.object({
  venueId: v.pipe(v.optional(v.string(), ''), v.nonEmpty(requiredMessage('venueId')), v.regex(/^[0-9a-f]{24}$/, hexIdMessage('venueId'))),
  date: v.pipe(v.optional(v.string(), ''), v.nonEmpty(requiredMessage('date')), v.check(isIsoDate, isoDateMessage('date'))),
});

const auditQuery = v.object({
  venueId: v.optional(idSchema),
  actorId: v.optional(idSchema),
  from: v.optional(isoDateSchema),
  to: v.optional(isoDateSchema),
  page: v.optional(intFromString(1, 100_000), '1'),
  pageSize: v.optional(intFromString(1, 100), '50'),
});

const idParams = requiredObject({ id: idSchema });
const venueParams = requiredObject({ venueId: idSchema });

// An instant with its offset, as the plan's time picker sends it.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const planQuery = v.object({
  at: v.optional(
    v.pipe(
      v.string(STAFF_BOOKING_MESSAGES.atInvalid),
      v.regex(ISO_INSTANT, STAFF_BOOKING_MESSAGES.atInvalid),
      v.transform((text) => new Date(text)),
      v.check((at) => !Number.isNaN(at.getTime()), STAFF_BOOKING_MESSAGES.atInvalid),
    ),
  ),
});

const closureListQuery = v.object({
  venueId: dayQuery.entries.venueId,
  from: v.optional(isoDateSchema),
});

export function createStaffHandlers() {
  return {
    /** GET /admin/reservation?venueId=&date=: a venue's reservations on a service day (403 for another venue's staff). */
    async venueDay(c: Ctx) {
      const { venueId, date } = parseQuery(c, dayQuery);
      checkVenueAccess(c.get('auth'), venueId);
      const body = { status: 200, data: await localizedReservations(c, await listVenueReservations(c.get('deps'), venueId, date)) };
      return answer(200, body);
    },

    /** PUT /admin/reservation/{id}/visit: one step of the visit's lifecycle (409 when the chart refuses it). */
    async changeVisit(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const { action } = await parseBody(c, visitChangeSchema);
      const body = { status: 200, data: await changeVisit(c.get('deps'), c.get('auth'), id, action) };
      // A party that finished, a no-show or a cancellation frees a table someone on the waitlist may be waiting for.
      if (body.data.status !== 'CONFIRMED' || body.data.visitStatus === 'FINISHED') await settleWaitlist(c.get('deps'));
      return answer(200, body);
    },

    /** POST /admin/reservation/{id}/no-show-fee/charge: what a no-show owes, charged to the card that paid, now. */
    async chargeNoShowFee(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const charge = await chargeNoShowFeeAgain(c.get('deps'), c.get('auth'), id);
      const data = { ...charge, reason: charge.reason && localizeText(c.var.i18n, charge.reason) };
      return answer(200, { status: 200, data });
    },

    /** POST /admin/reservation: a phone booking for a guest, confirmed and mailed. */
    async phoneBooking(c: Ctx) {
      const input = await parseBody(c, phoneBookingSchema);
      const data = await localizedReservation(c, await createPhoneBooking(c.get('deps'), c.get('auth'), input));
      return answer(201, { status: 201, data });
    },

    /** PUT /admin/reservation/{id}/move: another time, area or table, re-checked atomically. */
    async moveBooking(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const input = await parseBody(c, moveBookingSchema);
      const data = await localizedReservation(c, await moveBooking(c.get('deps'), c.get('auth'), id, input));
      // The move may have freed a table someone on the waitlist is waiting for.
      await settleWaitlist(c.get('deps'));
      return answer(200, { status: 200, data });
    },

    /** POST /admin/reservation/{id}/quote: what a move or party change would cost (nothing saved). */
    async quoteChange(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const input = await parseBody(c, moveBookingSchema);
      const data = await quoteStaffChange(c.get('deps'), c.get('auth'), id, input);
      return answer(200, { status: 200, data });
    },

    /** PUT /admin/reservation/{id}/notes: the guest's requests and staff notes (audited, nothing mailed). */
    async bookingNotes(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const input = await parseBody(c, bookingNotesSchema);
      const data = await editBookingNotes(c.get('deps'), c.get('auth'), id, input);
      return answer(200, { status: 200, data });
    },

    /** POST /admin/reservation/{id}/paid-at-venue: what was owed, paid at the venue (audited). */
    async paidAtVenue(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const data = await localizedReservation(c, await recordPaidAtVenue(c.get('deps'), c.get('auth'), id));
      return answer(200, { status: 200, data });
    },

    /** POST /admin/venue/{venueId}/walk-in: a party seated now on a free table. */
    async walkIn(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const input = await parseBody(c, walkInSchema);
      const data = await localizedReservation(c, await seatWalkIn(c.get('deps'), c.get('auth'), venueId, input));
      return answer(201, { status: 201, data });
    },

    /** GET /admin/venue/{venueId}/table-plan?at=: each table free, held, booked or seated at an instant. */
    async tablePlan(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const { at } = parseQuery(c, planQuery);
      const plan = await tablePlan(c.get('deps'), c.get('auth'), venueId, at);
      const data = { ...plan, areas: plan.areas.map((area) => localizeSeatingArea(c.var.i18n, area)) };
      return answer(200, { status: 200, data });
    },

    /** POST /admin/staff: an admin creates a staff account; the person gets a reset link to set a password. */
    async createStaff(c: Ctx) {
      const input = await parseBody(c, newStaffSchema);
      const body = { status: 201, data: await createStaffAccount(c.get('deps'), c.get('auth'), input) };
      return answer(201, body);
    },

    /** GET /admin/staff: every admin and member of staff. */
    async listStaff(c: Ctx) {
      const body = { status: 200, data: await listStaff(c.get('deps')) };
      return answer(200, body);
    },

    /** PATCH /admin/staff/{id}: a member's new role and venue (not an admin's own demotion, nor the last admin's). */
    async changeStaff(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const input = await parseBody(c, staffChangeSchema);
      const body = { status: 200, data: await changeStaffAccount(c.get('deps'), c.get('auth'), id, input) };
      return answer(200, body);
    },

    /** DELETE /admin/staff/{id}: ends a member's staff access at once (not an admin's own, nor the last admin's). */
    async removeStaff(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const body = { status: 200, data: await removeStaffAccount(c.get('deps'), c.get('auth'), id) };
      return answer(200, body);
    },

    /** POST /admin/staff/{id}/restore: a removed member's access again, with a role and venue; mailed a reset link. */
    async restoreStaff(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const input = await parseBody(c, staffChangeSchema);
      const body = { status: 200, data: await restoreStaffAccount(c.get('deps'), c.get('auth'), id, input) };
      return answer(200, body);
    },

    /** GET /admin/audit-log: staff changes, newest first, paged and filtered by venue, actor and days. */
    async auditLog(c: Ctx) {
      const query = parseQuery(c, auditQuery);
      const page = await listAudit(c.get('deps').db, query);
      // Dining areas' names in the reader's language (tables' names are the same in every language).
      const items = page.items.map((e) => ({ ...e, names: Object.fromEntries(Object.entries(e.names ?? {}).map(([id, name]) => [id, localizeText(c.var.i18n, name)])) }));
      const body = { status: 200, data: { ...page, items } };
      return answer(200, body);
    },

    /** POST /admin/closure: closes a venue, dining area or service for days; lists the bookings already inside. */
    async createClosure(c: Ctx) {
      const input = await parseBody(c, newClosureSchema);
      const body = { status: 201, data: await createClosure(c.get('deps'), c.get('auth'), input) };
      return answer(201, body);
    },

    /** GET /admin/closure?venueId=&from=: the venue's current and coming closures, and what can be closed. */
    async listClosures(c: Ctx) {
      const { venueId, from } = parseQuery(c, closureListQuery);
      const deps = c.get('deps');
      const items = await listClosures(deps, c.get('auth'), venueId, from);
      const entry = venueOf(await loadVenueCatalog(deps.db), venueId);
      const i18n = c.var.i18n;
      const data = {
        items,
        seatingAreas: entry.areas.map((a) => ({ _id: a.id, name: localizeText(i18n, a.name) })),
        // A service's name is the key closures store; `title` is how the caller's language says it.
        services: [...new Set(entry.periods.map((p) => p.name))].map((name) => ({ name, title: localizeText(i18n, name) })),
      };
      return answer(200, { status: 200, data });
    },

    /** DELETE /admin/closure/{id}: reopens what the closure closed. */
    async removeClosure(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const body = { status: 200, data: await removeClosure(c.get('deps'), c.get('auth'), id) };
      return answer(200, body);
    },
  };
}
