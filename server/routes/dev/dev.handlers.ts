/**
 * Handlers of the development area: the outbox (as JSON, and as a mail catcher's page), so tests and
 * developers can read a link or a code, and
 * the test clock, so browser tests can move the server's time (hold expiry, token expiry) without waiting.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import type { ResponseBody, Schema } from '../../lib/api-types';
import { findOutboxMessage, listOutbox } from '../../services/messaging/outbox-reading';
import { intFromString, parseBody, parseParams, parseQuery } from '../../lib/validate';
import { ControllableClock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { expireStaleHolds } from '../../services/reservations/hold-expiry';
import { runPaymentJobs } from '../../services/payments/payment-worker';
import { DEV_MAIL_CSP, devMailPage } from './dev-mail-page';
import { sendDueReminders } from '../../services/reservations/reservation-reminders';
import { runReconfirmations } from '../../services/reconfirmation/reconfirmation-requests';
import { settleWaitlist } from '../../services/waitlist/waitlist-offers';

type Ctx = Context<AppEnv>;

const outboxQuerySchema = v.object({
  recipient: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(320, 'The recipient must be at most 320 characters'))),
  channel: v.optional(
    v.pipe(v.string(), v.toUpperCase(), v.picklist(['EMAIL', 'SMS'] as const, 'The channel must be EMAIL or SMS')),
  ),
  limit: v.optional(intFromString(1, 500), '100'),
});

const attachmentParamsSchema = v.object({
  id: v.pipe(v.string(), v.maxLength(64, 'Not found')),
  index: intFromString(0, 99),
});

const clockBodySchema = v.object({
  /** Jump to this instant. */
  at: v.optional(v.pipe(v.string(), v.isoTimestamp('at must be an ISO instant with a zone, e.g. 2026-11-23T02:00:00Z'))),
  /** Then move by this many milliseconds (negative goes back). */
  advanceMs: v.optional(v.pipe(v.number(), v.integer('advanceMs must be a whole number of milliseconds'))),
  /** Stop the clock, or let it run on. */
  frozen: v.optional(v.boolean()),
});

/** The app's clock when it is the test clock; otherwise the clock routes do not exist. */
function controllableClock(c: Ctx): ControllableClock {
  const { clock } = c.get('deps');
  if (!(clock instanceof ControllableClock)) throw notFound();
  return clock;
}

const clockBody = (clock: ControllableClock) => {
  const { now, frozen } = clock.state();
  return { status: 200, data: { now: now.toISOString(), frozen } };
};

export function createDevHandlers() {
  return {
    /** GET /dev/clock: the server's time (test clock only). */
    clock(c: Ctx) {
      return c.json(clockBody(controllableClock(c)), 200);
    },

    /**
     * POST /dev/clock {at?, advanceMs?, frozen?}: moves the test clock, then runs the time-driven work at
     * once (lapsed holds, payment jobs, reminders, reconfirmation asks, waitlist offers), so the caller sees its effects when the answer arrives.
     */
    async setClock(c: Ctx) {
      const clock = controllableClock(c);
      const body = await parseBody(c, clockBodySchema);
      if (body.at !== undefined) clock.set(new Date(body.at));
      if (body.advanceMs !== undefined) clock.advance(body.advanceMs);
      if (body.frozen !== undefined) clock.setFrozen(body.frozen);
      const deps = c.get('deps');
      await expireStaleHolds(deps.db, clock.now());
      await runPaymentJobs(deps);
      // The default lead time: the test clock's server is started without REMINDER_LEAD_HOURS.
      await sendDueReminders(deps);
      await runReconfirmations(deps);
      await settleWaitlist(deps);
      return c.json(clockBody(clock), 200);
    },

    /** GET /dev/outbox?recipient=&channel=&limit=: newest first. */
    async outbox(c: Ctx) {
      const rows = await listOutbox(c.get('deps').db, parseQuery(c, outboxQuerySchema));
      const data: Schema<'OutboxMessage'>[] = rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        recipient: row.recipient,
        subject: row.subject,
        body: row.body,
        attachments: row.attachments.map((a) => ({ fileName: a.fileName, contentType: a.contentType })),
        createdAt: row.createdAt.toISOString(),
      }));
      return c.json({ status: 200, data } satisfies ResponseBody<'/dev/outbox', 'get', 200>, 200);
    },

    /** GET /dev/mail?recipient=&channel=&limit=: the outbox as a page, each mail rendered (dev-mail-page.ts). */
    async mailPage(c: Ctx) {
      const rows = await listOutbox(c.get('deps').db, parseQuery(c, outboxQuerySchema));
      const { messaging } = c.get('deps');
      c.header('Content-Security-Policy', DEV_MAIL_CSP);
      c.header('Cache-Control', 'no-store');
      return c.html(devMailPage(rows, Boolean(messaging?.mail || messaging?.sms)));
    },

    /** GET /dev/mail/:id/attachments/:index: an attachment as sent (the .ics invitation). */
    async mailAttachment(c: Ctx) {
      const { id, index } = parseParams(c, attachmentParamsSchema);
      const attachment = (await findOutboxMessage(c.get('deps').db, id))?.attachments[index];
      if (!attachment) throw notFound();
      return c.body(new Uint8Array(Buffer.from(attachment.content, 'base64')), 200, {
        'Content-Type': attachment.contentType,
        'Content-Disposition': `attachment; filename="${attachment.fileName.replace(/["\\]/g, '_')}"`,
      });
    },
  };
}
