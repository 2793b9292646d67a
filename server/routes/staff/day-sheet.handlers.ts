/** Handlers of the day sheet: the sheet itself, and its live event stream with the ticket that opens it. */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import type { Schema } from '../../lib/api-types';
import { checkVenueAccess, loginExpired } from '../../lib/auth';
import { idSchema, isoDateSchema, parseParams, parseQuery, requiredObject } from '../../lib/validate';
import { localizeText } from '../localisation/content';
import { experienceText, type ExperienceOwnTexts } from '../../../common/experience-text';
import { experienceTextsNow } from '../../services/booking-rules/venue-catalog';
import { findUserById } from '../../services/auth/auth-session';
import { getDaySheet, type DaySheetDto } from '../../services/staff/day-sheet';
import { subscribeToReservationEvents } from '../../services/reservations/reservation-events';
import { newTicketNonce, readStreamTicket, signStreamTicket, spendStreamTicket, STREAM_TICKET_TTL_MS } from '../../services/staff/stream-ticket';
import { isStaffRole } from '../../db/schema';
import { answer } from '../route';

type Ctx = Context<AppEnv>;

/** A comment line this often keeps proxies and the browser from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;

const venueParams = requiredObject({ venueId: idSchema });
const sheetParams = requiredObject({ venueId: idSchema, date: isoDateSchema });
const streamQuery = v.object({ ticket: v.pipe(v.optional(v.string(), ''), v.nonEmpty(/*i18n*/ 'Login required')) });

/** A booking's experience and area names, and a refused charge's reason, in the caller's language (the host stand's too). */
export function localizeSheetBooking(c: Ctx, b: Schema<'DaySheetBooking'>, experienceTexts: ReadonlyMap<string, ExperienceOwnTexts>): Schema<'DaySheetBooking'> {
  return {
    ...b,
    experience: experienceText({ name: b.experience }, c.var.i18n, experienceTexts.get(b.experienceId ?? '')).name,
    seatingArea: b.seatingArea && { ...b.seatingArea, name: localizeText(c.var.i18n, b.seatingArea.name) },
    payment: localizeRefusal(c, b.payment),
  };
}

/** Period, experience and area names in the caller's language. */
function localizeSheet(c: Ctx, sheet: DaySheetDto, experienceTexts: ReadonlyMap<string, ExperienceOwnTexts>): DaySheetDto {
  return {
    ...sheet,
    services: sheet.services.map((service) => ({
      ...service,
      name: service.name === null ? null : localizeText(c.var.i18n, service.name),
      seatings: service.seatings.map((seating) => ({ ...seating, bookings: seating.bookings.map((b) => localizeSheetBooking(c, b, experienceTexts)) })),
    })),
  };
}

/** A refused no-show charge's reason, as the processor gave it in English, in the caller's language. */
function localizeRefusal(c: Ctx, payment: Schema<'DaySheetBooking'>['payment']): Schema<'DaySheetBooking'>['payment'] {
  const card = payment.noShow?.card;
  if (!card?.reason) return payment;
  return { ...payment, noShow: { ...payment.noShow!, card: { ...card, reason: localizeText(c.var.i18n, card.reason) } } };
}

export function createDaySheetHandlers() {
  return {
    /** GET /admin/venue/{venueId}/day-sheet/{date} (403 for another venue's staff). */
    async daySheet(c: Ctx) {
      const { venueId, date } = parseParams(c, sheetParams);
      checkVenueAccess(c.get('auth'), venueId);
      const body = { status: 200, data: localizeSheet(c, await getDaySheet(c.get('deps'), venueId, date), await experienceTextsNow(c.get('deps').db)) };
      return answer(200, body);
    },

    /** POST /admin/venue/{venueId}/events/ticket: 60 seconds to open this venue's stream. */
    async eventTicket(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const auth = c.get('auth');
      checkVenueAccess(auth, venueId);
      const { db, clock, config } = c.get('deps');
      const user = await findUserById(db, auth.id);
      if (!user) throw loginExpired();
      const expiresAt = new Date(clock.now().getTime() + STREAM_TICKET_TTL_MS);
      const ticket = signStreamTicket(config.jwtSecret, {
        userId: user.id,
        venueId,
        sessionGeneration: user.sessionGeneration,
        expiresAt,
        nonce: newTicketNonce(),
      });
      const body = { status: 200, data: { ticket, expiresAt: expiresAt.toISOString() } };
      return answer(200, body);
    },

    /** GET /admin/venue/{venueId}/events?ticket=: the venue's committed booking changes, as they happen. */
    async events(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const { ticket } = parseQuery(c, streamQuery);
      const { db, clock, config } = c.get('deps');
      const grant = readStreamTicket(config.jwtSecret, ticket, clock.now());
      if (grant.venueId !== venueId) throw loginExpired();
      // One stream, once: a second use of the ticket (a copy from a log, a replay) opens nothing.
      await spendStreamTicket(db, grant, clock.now());
      // The person's session now, not when the ticket was issued: a demoted or logged-out user gets nothing.
      const user = await findUserById(db, grant.userId);
      if (!user || user.sessionGeneration !== grant.sessionGeneration || !isStaffRole(user.role)) throw loginExpired();
      checkVenueAccess(user, venueId);

      return streamSSE(c, async (stream) => {
        let sequence = 0;
        let finish!: () => void;
        const finished = new Promise<void>((resolve) => (finish = resolve));
        stream.onAbort(finish);
        const unsubscribe = await subscribeToReservationEvents(db, {
          onEvent: (event) => {
            if (event.venueId !== venueId || stream.closed) return;
            void stream.writeSSE({ event: 'reservation', id: String(++sequence), data: JSON.stringify(event) });
          },
          onWalkInQueue: (event) => {
            if (event.venueId !== venueId || stream.closed) return;
            void stream.writeSSE({ event: 'walk-in-queue', id: String(++sequence), data: JSON.stringify(event) });
          },
          onLost: finish,
          onStaffAccessChange: (userId) => {
            if (userId === user.id) finish();
          },
        });
        const heartbeat = setInterval(() => void stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
        try {
          // Listening from here on: the client reads the sheet now, so nothing between is missed.
          await stream.writeSSE({ event: 'ready', data: JSON.stringify({ venueId }) });
          await finished;
        } finally {
          clearInterval(heartbeat);
          await unsubscribe();
        }
      });
    },
  };
}
