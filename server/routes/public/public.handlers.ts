/**
 * Handlers of the public area (no login): venue by domain, PDF menus, the contact form, page views and
 * mobile number verification.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import type { ResponseBody } from '../../lib/api-types';
import { contactMessages, menus, pageViews } from '../../db/schema';
import { ApiError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { matchesEtag } from '../../lib/negotiation';
import { clientIp } from '../../lib/client-address';
import { MINUTE_MS, RateLimits, type WindowLimit } from '../../lib/rate-limit';
import { parseBody, parseParams } from '../../lib/validate';
import { renderMenuPdf } from '../../menus/menu-pdf';
import { messageLanguage } from '../../services/messaging/message-language';
import { queueEmail } from '../../services/messaging/outbox';
import {
  PHONE_MESSAGES,
  confirmPhoneBodySchema,
  confirmPhoneVerification,
  normalizePhone,
  sendPhoneVerification,
  verifyPhoneBodySchema,
} from '../../services/auth/phone-verification';
import { getVenueInfo } from '../../services/venues/venue-info';
import { localizeVenue } from '../../i18n/content';
import { CONTACT_MESSAGES, contactFormSchema } from '../../../shared/validation/contact-validation';
import { LOCALES } from '../../../shared/locales';
import { ERROR_CODES } from '../../../shared/api/error-codes';
import { closedDaysAhead } from '../../services/venues/closures';
import { BOOKING_WINDOW_DAYS } from '../../services/reservations/selection-checks';

type Ctx = Context<AppEnv>;

/** The club's inbox for contact-form notifications. */
export const CONCIERGE_EMAIL = 'concierge@example.com';

export const CONTACT_THANKS = /*i18n*/ 'Thank you for your message. Our concierge team will reply within one business day.';
export const VENUE_DOMAIN_REQUIRED = /*i18n*/ 'Venue domain is required';
export const VENUE_NOT_FOUND_MESSAGE = /*i18n*/ 'The venue information does not exist';

const PUBLIC_LIMITS = {
  // Each message sends two e-mails, one of them to an address the caller chose.
  contactByIp: { name: 'contact:client', limit: 5, windowMs: 10 * MINUTE_MS },
  // Generous for real browsing, but a script cannot fill the table.
  pageViewByIp: { name: 'page-view:client', limit: 300, windowMs: 10 * MINUTE_MS },
  // Each send is a paid SMS; the per-number limit lives with the codes in the database.
  verifySendByIp: { name: 'phone-send:client', limit: 10, windowMs: 10 * MINUTE_MS },
  // Codes are six digits: cap guesses across numbers too, not only per code.
  verifyConfirmByIp: { name: 'phone-confirm:client', limit: 30, windowMs: 10 * MINUTE_MS },
} satisfies Record<string, WindowLimit>;

const domainSchema = v.pipe(
  v.optional(v.string(), ''),
  v.transform((s) => s.trim().toLowerCase()),
  v.nonEmpty(VENUE_DOMAIN_REQUIRED),
  v.maxLength(63, /*i18n*/ 'Venue domain must be at most 63 characters'),
  v.regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, /*i18n*/ 'Venue domain must be letters, digits or hyphens'),
);

const domainParamsSchema = v.object({ domain: domainSchema });

const menuParamsSchema = v.object({
  fileName: v.pipe(
    v.string(),
    v.maxLength(100, /*i18n*/ 'The menu file name must be at most 100 characters'),
    v.regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.pdf$/, /*i18n*/ 'The menu file name must look like menu.pdf'),
  ),
});

/** A page view: the route name only, so no query string or other personal data can be stored. */
export const pageViewSchema = v.object({
  page: v.pipe(
    v.string(/*i18n*/ 'The page must be given by its route name'),
    v.regex(/^[a-z0-9-]{1,40}$/, /*i18n*/ 'The page must be a route name of lower-case letters, digits or hyphens (at most 40)'),
  ),
  locale: v.picklist(LOCALES, CONTACT_MESSAGES.localeInvalid),
});

interface RenderedMenu {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

// Menus render the same bytes for a name on every call (menu-pdf.ts), so one render per process serves all.
const renderedMenus = new Map<string, Promise<RenderedMenu | null>>();

function renderedMenu(fileName: string): Promise<RenderedMenu | null> {
  let entry = renderedMenus.get(fileName);
  if (!entry) {
    const rendering = renderMenuPdf(fileName);
    entry = rendering
      ? rendering.then((buffer) => ({
          body: new Uint8Array(buffer),
          etag: `"${createHash('sha256').update(buffer).digest('base64url').slice(0, 27)}"`,
        }))
      : Promise.resolve(null);
    renderedMenus.set(fileName, entry);
    // A failed render is not remembered, so the next request tries again.
    entry.catch(() => renderedMenus.delete(fileName));
  }
  return entry;
}

/** The handlers; the counts behind their limits live in the database, shared by every server process. */
export function createPublicHandlers(limits = new RateLimits()) {
  return {
    /** GET /public/venue/by-domain/{domain} (and with the domain missing: 400). */
    async venueByDomain(c: Ctx) {
      // On '/public/venue/by-domain/' there is no param at all: the optional entry makes that "required".
      const { domain } = parseParams(c, domainParamsSchema);
      const { db, clock } = c.get('deps');
      const venue = await getVenueInfo(db, domain, clock.now());
      if (!venue) throw new ApiError(404, ERROR_CODES.VENUE_NOT_FOUND, VENUE_NOT_FOUND_MESSAGE);
      const closedDays = await closedDaysAhead(db, venue.info._id, clock.now(), BOOKING_WINDOW_DAYS);
      const data = { ...localizeVenue(c.var.i18n, venue), closedDays };
      return c.json({ status: 200, data } satisfies ResponseBody<'/public/venue/by-domain/{domain}', 'get', 200>, 200);
    },

    /** GET /public/menu/{fileName}: the PDF, for names in the `menus` table only. */
    async menuPdf(c: Ctx) {
      const { fileName } = parseParams(c, menuParamsSchema);
      const { db } = c.get('deps');
      const [known] = await db.select({ id: menus.id }).from(menus).where(eq(menus.fileName, fileName)).limit(1);
      const menu = known ? await renderedMenu(fileName) : null;
      if (!menu) throw notFound(/*i18n*/ 'The menu does not exist');
      const headers = {
        ETag: menu.etag,
        // Menus change only with a release; a day's caching with revalidation by ETag after that.
        'Cache-Control': 'public, max-age=86400',
      };
      if (matchesEtag(c.req.header('if-none-match'), menu.etag)) return c.body(null, 304, headers);
      return c.body(menu.body, 200, {
        ...headers,
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${fileName}"`,
        'Content-Length': String(menu.body.byteLength),
        'X-Content-Type-Options': 'nosniff',
      });
    },

    /** POST /public/contact-form: stores the message, acknowledges it to the sender, tells the concierge. */
    async contactForm(c: Ctx) {
      const form = await parseBody(c, contactFormSchema);
      await limits.take(c, [{ limit: PUBLIC_LIMITS.contactByIp, key: clientIp(c) }]);
      const { db, clock } = c.get('deps');
      const now = clock.now();
      const id = newId();
      await db.transaction(async (tx) => {
        await tx.insert(contactMessages).values({
          id,
          name: form.name,
          email: form.email,
          phone: form.phone ?? null,
          subject: form.subject,
          message: form.message,
          locale: form.locale,
          createdAt: now,
        });
        // The sender's address is theirs to type: the acknowledgement repeats nothing they wrote but the name.
        // It is written in the form's language; the concierge's copy below stays in English.
        const { i18n, locale } = messageLanguage(form.locale);
        await queueEmail(tx, {
          to: form.email,
          locale,
          subject: i18n._('We have received your message'),
          body: [
            i18n._('Dear {name},', { name: form.name }),
            i18n._(CONTACT_THANKS),
            i18n._('Your reference is {reference}.', { reference: id }),
            i18n._('The Aldrich Club Concierge'),
          ].join('\n\n'),
        });
        await queueEmail(tx, {
          to: CONCIERGE_EMAIL,
          subject: `Contact form: ${form.subject}`,
          body: [
            `From: ${form.name} <${form.email}>`,
            `Phone: ${form.phone ?? '-'}`,
            `Language: ${form.locale}`,
            `Reference: ${id}`,
            '',
            form.message,
          ].join('\n'),
        });
      });
      return c.json({ status: 201, message: c.var.i18n._(CONTACT_THANKS) } satisfies ResponseBody<'/public/contact-form', 'post', 201>, 201);
    },

    /** POST /public/analytics/page-view: counts a view of a page by name. */
    async pageView(c: Ctx) {
      const view = await parseBody(c, pageViewSchema);
      await limits.take(c, [{ limit: PUBLIC_LIMITS.pageViewByIp, key: clientIp(c) }]);
      const { db, clock } = c.get('deps');
      await db.insert(pageViews).values({ page: view.page, locale: view.locale, createdAt: clock.now() });
      return c.body(null, 204);
    },

    /** POST /public/guest/verify-phone-number: texts a 6-digit code to the number. */
    async verifyPhoneNumber(c: Ctx) {
      const body = await parseBody(c, verifyPhoneBodySchema);
      const attempt = { limit: PUBLIC_LIMITS.verifySendByIp, key: clientIp(c) };
      await limits.take(c, [attempt]);
      const { db, clock, config } = c.get('deps');
      const now = clock.now();
      const result = await sendPhoneVerification(db, normalizePhone(body.mobileCountryCode, body.mobileNumber), {
        now,
        secret: config.jwtSecret,
        locale: c.var.locale,
      });
      if (!result.sent) {
        // Only sends that went out count against the caller's address.
        await limits.giveBack(c, [attempt]);
        c.header('Retry-After', String(result.retryAfterSeconds));
        throw new ApiError(429, ERROR_CODES.RATE_LIMITED, /*i18n*/ 'Too many codes were requested for this number. Please wait a few minutes and try again.');
      }
      return c.json(
        { status: 200, message: c.var.i18n._(PHONE_MESSAGES.sent) } satisfies ResponseBody<'/public/guest/verify-phone-number', 'post', 200>,
        200,
      );
    },

    /** POST /public/guest/confirm-phone-number: checks the code and marks the number verified. */
    async confirmPhoneNumber(c: Ctx) {
      const body = await parseBody(c, confirmPhoneBodySchema);
      await limits.take(c, [{ limit: PUBLIC_LIMITS.verifyConfirmByIp, key: clientIp(c) }]);
      const { db, clock, config } = c.get('deps');
      await confirmPhoneVerification(db, normalizePhone(body.mobileCountryCode, body.mobileNumber), body.code, {
        now: clock.now(),
        secret: config.jwtSecret,
      });
      return c.json(
        { status: 200, data: { verified: true } } satisfies ResponseBody<'/public/guest/confirm-phone-number', 'post', 200>,
        200,
      );
    },
  };
}
