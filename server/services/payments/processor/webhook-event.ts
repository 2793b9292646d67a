/** Turning a signed webhook delivery into an event: signature first, then the body's shape. */
import * as v from 'valibot';
import { WebhookVerificationError, type WebhookEvent } from './processor';
import { verifyWebhookSignature } from './webhook-signature';

const INTENT_STATUSES = [
  'requires_payment_method',
  'requires_action',
  'processing',
  'succeeded',
  'failed',
  'refunded',
  'partially_refunded',
] as const;

/** The contract's WebhookEvent. */
export const webhookEventSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  type: v.picklist(['payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded']),
  created: v.pipe(v.number(), v.integer()),
  data: v.object({
    object: v.object({
      id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
      status: v.picklist(INTENT_STATUSES),
      amount: v.pipe(v.number(), v.integer()),
      currency: v.string(),
      lastError: v.optional(v.nullable(v.string())),
      amountRefunded: v.optional(v.pipe(v.number(), v.integer())),
    }),
  }),
});

/**
 * The event in a delivery whose signature header checks out against the raw body; throws
 * `WebhookVerificationError` for a bad or stale signature or a body that is not an event.
 */
export function constructWebhookEvent(rawBody: string, signatureHeader: string | undefined, secret: string, now: Date): WebhookEvent {
  verifyWebhookSignature(rawBody, signatureHeader, secret, now);
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new WebhookVerificationError('The webhook body must be JSON');
  }
  const parsed = v.safeParse(webhookEventSchema, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    throw new WebhookVerificationError(`The webhook event is malformed at ${v.getDotPath(issue) ?? 'its root'}: ${issue.message}`);
  }
  return parsed.output;
}
