/**
 * POST /payments/stripe/webhook: Stripe's signed events (no login), when the app runs on Stripe. The
 * signature is checked by the SDK's `stripe.webhooks.constructEvent` on the raw body; a bad one answers
 * 400 and changes nothing. Each event is applied once (the processed-events table) from the intent as
 * Stripe has it now, so duplicates and events out of order change nothing more.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../context';
import type { ResponseBody } from '../../lib/api-types';
import { badRequest, notFound, verbatim } from '../../lib/errors';
import { WebhookVerificationError } from '../../services/payments/processor/processor';
import { StripeProcessor } from '../../services/payments/processor/stripe-processor';
import { handleWebhookEvent } from '../../services/payments/payment-sync';

async function stripeWebhook(c: Context<AppEnv>) {
  const deps = c.get('deps');
  // The call does not exist on another processor.
  if (!(deps.payments instanceof StripeProcessor)) throw notFound();
  // The signature covers the exact bytes sent, so the raw text, never re-serialised JSON.
  const raw = await c.req.text();
  let event;
  try {
    event = deps.payments.parseEvent(raw, c.req.header('stripe-signature'), deps.clock.now());
  } catch (err) {
    // Words for Stripe's dashboard and the developers reading it, not a guest: the SDK's English.
    if (err instanceof WebhookVerificationError) throw badRequest(verbatim(err.message));
    throw err;
  }
  if (event) await handleWebhookEvent(deps, event);
  return c.json({ status: 200, message: 'Received' } satisfies ResponseBody<'/payments/stripe/webhook', 'post', 200>, 200);
}

export function stripeWebhookRoutes(): Hono<AppEnv> {
  return new Hono<AppEnv>().post('/payments/stripe/webhook', stripeWebhook);
}
