/**
 * The feedback mail's link: a token naming one visit (a reservation) and when it stops working, signed
 * like the manage links (manage-link.ts `linkSignature`) under a key of its own, so a feedback token
 * never opens or changes a booking. Nothing is stored: any process on the database checks it.
 */
import { timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../lib/errors';
import { DAY_MS } from '../../lib/rate-limit';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { appLink } from '../auth/auth-links';
import { linkInvalid, linkSignature, type LinkSigning } from '../reservations/manage-link';

/** How long a feedback link works after its mail: long enough for a guest back from a trip. */
export const FEEDBACK_LINK_MS = 30 * DAY_MS;

const PURPOSE = 'feedback-link/v1';
const TOKEN = /^([0-9a-f]{24})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

export interface FeedbackGrant {
  reservationId: string;
  expiresAt: Date;
}

/** 410: a genuine link whose month is over. */
export const feedbackLinkExpired = () =>
  new ApiError(410, ERROR_CODES.FEEDBACK_LINK_EXPIRED, /*i18n*/ 'This feedback link has expired: it worked for a month after our e-mail.');

/** The token for `grant`: '<reservation id>.<expiry in base-36 seconds>.<signature>'. */
export function signFeedbackToken(secret: string, grant: FeedbackGrant): string {
  const payload = `${grant.reservationId}.${Math.ceil(grant.expiresAt.getTime() / 1000).toString(36)}`;
  return `${payload}.${linkSignature(secret, PURPOSE, payload)}`;
}

/** The visit a token names, checked against its signature and `now`: 404 when altered, 410 when expired. */
export function readFeedbackToken(secret: string, token: string, now: Date): FeedbackGrant {
  const match = TOKEN.exec(token);
  if (!match) throw linkInvalid();
  const [, reservationId, expiry, given] = match;
  const expected = Buffer.from(linkSignature(secret, PURPOSE, `${reservationId}.${expiry}`));
  const actual = Buffer.from(given!);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw linkInvalid();
  const expiresAt = new Date(parseInt(expiry!, 36) * 1000);
  if (now >= expiresAt) throw feedbackLinkExpired();
  return { reservationId: reservationId!, expiresAt };
}

/** The app's feedback page for a visit, optionally with the rating the guest tapped in the mail. */
export function feedbackLink(signing: LinkSigning, reservationId: string, now: Date, rating?: number): string {
  const token = signFeedbackToken(signing.jwtSecret, { reservationId, expiresAt: new Date(now.getTime() + FEEDBACK_LINK_MS) });
  return appLink(signing, '/pages/feedback', { token, ...(rating ? { rating: String(rating) } : {}) });
}
