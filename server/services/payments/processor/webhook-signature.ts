/**
 * Webhook signatures as Stripe makes them: the header `t=<unix seconds>,v1=<hex>` where v1 is
 * HMAC-SHA256 of `${t}.${body}` with the endpoint's secret. The timestamp bounds replays.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookVerificationError } from './processor';

/** The request header that carries the signature. */
export const SIGNATURE_HEADER = 'x-processor-signature';

/** How far a signature's timestamp may be from now, either way: 5 minutes. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, t: number, body: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest();

/** The signature header for `body`, signed at `at`. */
export function signWebhookPayload(body: string, secret: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, t, body).toString('hex')}`;
}

/**
 * Checks a signature header against the raw body; throws `WebhookVerificationError` saying what is
 * wrong. Several v1 values are allowed (a secret being rotated); one must match.
 */
export function verifyWebhookSignature(
  body: string,
  header: string | undefined,
  secret: string,
  now: Date,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): void {
  if (!header) throw new WebhookVerificationError(`The ${SIGNATURE_HEADER} header is missing`);
  let t: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2) as [string, string?];
    if (key === 't' && /^\d{1,12}$/.test(value)) t = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (t === undefined || signatures.length === 0) throw new WebhookVerificationError('The webhook signature header is malformed');
  const expected = hmac(secret, t, body);
  if (!signatures.some((s) => timingSafeEqual(s, expected))) throw new WebhookVerificationError('The webhook signature does not match');
  // Checked after the match, so the age of a forged header tells nothing.
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) {
    throw new WebhookVerificationError('The webhook signature is too old (or from the future)');
  }
}
