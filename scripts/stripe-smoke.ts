/**
 * `npm run stripe:smoke`: the flow the server tests run against the local fake of Stripe
 * (tests/server/payments/stripe-payments.test.ts), run once against Stripe's real TEST mode, for whoever holds
 * test keys. Not in CI: it needs the network and STRIPE_SECRET_KEY=sk_test_… (a live key is refused).
 *
 * Through the app's own StripeProcessor: a reservation's PaymentIntent in HKD with its key and metadata,
 * confirmed with Stripe's test card as the Payment Element would (pm_card_visa), read back with the card;
 * the same key answered with the same intent; a partial refund; the no-show fee charged off-session to
 * the saved card; a declined card's reason; a webhook signed with Stripe's scheme read by the same code
 * as POST /payments/stripe/webhook; and the reconciliation's view of the last hour.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { createStripeProcessor } from '../server/services/payments/processor/stripe-processor';
import { intentMoney, intentsMovedBetween } from '../server/services/payments/processor/stripe-ledger';

const secretKey = process.env.STRIPE_SECRET_KEY ?? '';
if (!secretKey.startsWith('sk_test_') && !secretKey.startsWith('rk_test_')) {
  console.error('Set STRIPE_SECRET_KEY to a Stripe TEST secret key (sk_test_…): the smoke test charges test cards only.');
  process.exit(1);
}
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_stripe_smoke';
const processor = await createStripeProcessor({
  secretKey,
  publishableKey: process.env.STRIPE_PUBLISHABLE_KEY ?? 'pk_test_unused',
  webhookSecret,
  ...(process.env.STRIPE_API_URL ? { apiUrl: process.env.STRIPE_API_URL } : {}),
});
const { stripe } = processor;
const run = randomUUID();
let failures = 0;

function check(what: string, ok: boolean, detail: unknown = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok ? '' : ` — ${JSON.stringify(detail)}`}`);
  if (!ok) failures++;
}

/** What the Payment Element does in the browser: confirm the intent with a test card. */
const confirmAsBrowser = (intentId: string, paymentMethod: string) =>
  stripe.paymentIntents.confirm(intentId, { payment_method: paymentMethod, return_url: 'https://example.com/#/pages/payment' }).catch((err: unknown) => err);

const started = new Date(Date.now() - 60_000);
const metadata = { paymentId: `smoke-${run}`, purpose: 'RESERVATION', userId: 'smoke', reservationId: `smoke-reservation-${run}` };
const intent = await processor.createIntent({ amount: 60_000, currency: 'HKD', idempotencyKey: `payment-smoke-${run}`, metadata });
check('a PaymentIntent in HKD for the amount due', intent.amount === 60_000 && intent.status === 'requires_payment_method', intent);
const again = await processor.createIntent({ amount: 60_000, currency: 'HKD', idempotencyKey: `payment-smoke-${run}`, metadata });
check('the same idempotency key answers the same intent', again.id === intent.id, again.id);

await confirmAsBrowser(intent.id, 'pm_card_visa');
const paid = await processor.retrieve(intent.id);
check('the card paid it (visa 4242)', paid?.status === 'succeeded' && paid.card?.last4 === '4242', paid);
check('the metadata names the reservation', paid?.metadata.reservationId === metadata.reservationId, paid?.metadata);

const refund = await processor.refund(intent.id, 20_000, `refund-smoke-${run}`);
check('a partial refund', refund.amount === 20_000, refund);
check('the intent shows it', (await processor.retrieve(intent.id))?.status === 'partially_refunded');

const fee = await processor.chargeCardOnFile({ amount: 140_000, currency: 'HKD', idempotencyKey: `no-show-fee-smoke-${run}`, metadata: { reservationId: metadata.reservationId, purpose: 'NO_SHOW_FEE' }, cardOf: intent.id });
check('the no-show fee charged off-session to the saved card', fee.status === 'succeeded', fee);

const declined = await processor.createIntent({ amount: 60_000, currency: 'HKD', idempotencyKey: `payment-smoke-declined-${run}`, metadata: { ...metadata, paymentId: `smoke-declined-${run}` } });
await confirmAsBrowser(declined.id, 'pm_card_visa_chargeDeclined');
const refused = await processor.retrieve(declined.id);
check('a declined card fails the attempt with its reason', refused?.status === 'failed' && Boolean(refused.lastError), refused);

const payload = JSON.stringify({ id: `evt_smoke_${run}`, object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: { id: intent.id, object: 'payment_intent', amount: 60_000, currency: 'hkd' } } });
const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
check('a webhook signed with Stripe\'s scheme is read', processor.parseEvent(payload, header, new Date())?.data.object.id === intent.id);
let badSignature = false;
try {
  processor.parseEvent(payload, header.replace(/v1=./, 'v1=0'), new Date());
} catch {
  badSignature = true;
}
check('a bad signature is refused', badSignature);

const moved = await intentsMovedBetween(stripe, started, new Date(Date.now() + 60_000));
check('the reconciliation sees the intent among the last minutes\' money', moved.includes(intent.id), moved.length);
check('and its money: 600.00 charged, 200.00 refunded', JSON.stringify(await intentMoney(stripe, intent.id)) === JSON.stringify({ charged: 60_000, refunded: 20_000 }));

console.log(failures === 0 ? '\nStripe smoke test passed.' : `\nStripe smoke test: ${failures} check(s) failed.`);
process.exit(failures === 0 ? 0 : 1);
