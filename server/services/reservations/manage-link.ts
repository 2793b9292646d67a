/**
 * The manage link of a reservation mail: a token signed with the server's signing secret (HMAC-SHA256),
 * naming one reservation, the version of it the mail described (`reservations.sequence`) and when it
 * stops working (a day after the visit ends). Nothing is stored: any process on the database checks it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../context';
import { ApiError } from '../../lib/errors';
import { DAY_MS } from '../../lib/rate-limit';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { appLink } from '../auth/auth-links';

/** How long after the visit's end a link still opens the reservation. */
export const MANAGE_LINK_GRACE_MS = DAY_MS;

/** What a manage token grants: one reservation, as it was at `version`, until `expiresAt`. */
export interface ManageGrant {
  reservationId: string;
  version: number;
  expiresAt: Date;
}

export type LinkSigning = Pick<AppConfig, 'jwtSecret' | 'publicBaseUrl'>;

const TOKEN = /^([0-9a-f]{24})\.(\d{1,9})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * A link's signature under a key of its own for each `purpose`, derived from the signing secret, so no
 * access token's signature is ever a link's, nor one kind of link's another's (a feedback link opens no booking).
 */
export const linkSignature = (secret: string, purpose: string, payload: string) =>
  createHmac('sha256', createHmac('sha256', secret).update(purpose).digest()).update(payload).digest('base64url');

const signature = (secret: string, payload: string) => linkSignature(secret, 'manage-link/v1', payload);

/** The token for `grant`: '<id>.<version>.<expiry in base-36 seconds>.<signature>'. */
export function signManageToken(secret: string, grant: ManageGrant): string {
  const payload = `${grant.reservationId}.${grant.version}.${Math.ceil(grant.expiresAt.getTime() / 1000).toString(36)}`;
  return `${payload}.${signature(secret, payload)}`;
}

/** 404: a token that is not one of ours (altered, cut short, made up). */
export const linkInvalid = () =>
  new ApiError(404, ERROR_CODES.LINK_INVALID, /*i18n*/ 'This link is not valid. Please open the link in your most recent e-mail about the reservation.');
/** 410: a genuine token whose visit is long over. */
export const linkExpired = () =>
  new ApiError(410, ERROR_CODES.LINK_EXPIRED, /*i18n*/ 'This link has expired: it worked until a day after the visit.');
/** 409: a genuine token of a version the reservation has moved on from. */
export const linkOutdated = () =>
  new ApiError(
    409,
    ERROR_CODES.LINK_OUTDATED,
    /*i18n*/ 'This reservation has been changed since this link was sent. Please use the link in the newest e-mail about it.',
  );

/** The grant a token carries, checked against its signature and `now`; 404 or 410 otherwise. */
export function readManageToken(secret: string, token: string, now: Date): ManageGrant {
  const match = TOKEN.exec(token);
  if (!match) throw linkInvalid();
  const [, reservationId, version, expiry, given] = match;
  const expected = Buffer.from(signature(secret, `${reservationId}.${version}.${expiry}`));
  const actual = Buffer.from(given!);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw linkInvalid();
  const expiresAt = new Date(parseInt(expiry!, 36) * 1000);
  if (now >= expiresAt) throw linkExpired();
  return { reservationId: reservationId!, version: Number(version), expiresAt };
}

/** The token for a reservation as it stands: its current version, until a day after its end. */
export function manageTokenFor(signing: LinkSigning, row: { id: string; sequence: number; endsAt: Date }): string {
  return signManageToken(signing.jwtSecret, {
    reservationId: row.id,
    version: row.sequence,
    expiresAt: new Date(row.endsAt.getTime() + MANAGE_LINK_GRACE_MS),
  });
}

/** What the link asks the page to do on opening: nothing, reconfirm at once, offer the cancellation, or open the payment of what is owed (a pay link). */
export type ManageLinkAction = 'confirm' | 'cancel' | 'pay';

/** The app's manage page for a reservation as it stands, optionally with a one-tap action. */
export function manageLink(signing: LinkSigning, row: { id: string; sequence: number; endsAt: Date }, action?: ManageLinkAction): string {
  return appLink(signing, '/pages/manage', { token: manageTokenFor(signing, row), ...(action ? { action } : {}) });
}
