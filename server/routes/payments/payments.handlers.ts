/**
 * Handlers of the payments area: the configuration the browser pays with, starting and reading a
 * payment, and the processor's signed webhook.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import type { ResponseBody } from '../../lib/api-types';
import { badRequest, verbatim } from '../../lib/errors';
import { idempotencyKeySchema, idSchema, parseBody, parseParams, requiredObject } from '../../lib/validate';
import { WebhookVerificationError } from '../../services/payments/processor/processor';
import { SIGNATURE_HEADER } from '../../services/payments/processor/webhook-signature';
import { inLanguage, paymentConfig } from '../../services/payments/payments';
import { startReservationPayment } from '../../services/payments/payment-start';
import { listSavedCards } from '../../services/payments/saved-cards';
import { getOwnPayment, handleWebhookEvent } from '../../services/payments/payment-sync';

type Ctx = Context<AppEnv>;

const idParams = requiredObject({ id: idSchema });

const startBody = requiredObject({
  method: v.picklist(['CARD', 'WALLET'], /*i18n*/ 'method must be CARD or WALLET'),
  idempotencyKey: idempotencyKeySchema,
  savedCardId: v.optional(idSchema),
});

export function createPaymentHandlers() {
  return {
    /** GET /user/payment/config: the processor, its public key, HKD, and CARD (plus WALLET for members). */
    async config(c: Ctx) {
      const auth = c.get('auth');
      const data = { ...paymentConfig(c.get('deps'), auth.role), savedCards: await listSavedCards(c.get('deps').db, auth.id) };
      return c.json({ status: 200, data } satisfies ResponseBody<'/user/payment/config', 'get', 200>, 200);
    },

    /** POST /user/reservation/{id}/payment: start paying a held reservation (idempotent by key). */
    async start(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const body = await parseBody(c, startBody);
      const data = inLanguage(await startReservationPayment(c.get('deps'), c.get('auth'), id, body), c.var.i18n);
      return c.json({ status: 201, data } satisfies ResponseBody<'/user/reservation/{id}/payment', 'post', 201>, 201);
    },

    /** GET /user/payment/{id}: the caller's payment; a pending card payment is checked with the processor first. */
    async get(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const data = inLanguage(await getOwnPayment(c.get('deps'), c.get('auth').id, id), c.var.i18n);
      return c.json({ status: 200, data } satisfies ResponseBody<'/user/payment/{id}', 'get', 200>, 200);
    },

    /** POST /payments/webhook: a signed event from the processor; 400 for a bad or stale signature. */
    async webhook(c: Ctx) {
      const deps = c.get('deps');
      // The signature covers the exact bytes sent, so read the raw text, never re-serialised JSON.
      const raw = await c.req.text();
      let event;
      try {
        event = deps.payments.webhooks.constructEvent(raw, c.req.header(SIGNATURE_HEADER), deps.config.webhookSecret, deps.clock.now());
      } catch (err) {
        // Words for the processor's developers, not a guest: English, echoing what was wrong as it was sent.
        if (err instanceof WebhookVerificationError) throw badRequest(verbatim(err.message));
        throw err;
      }
      await handleWebhookEvent(deps, event);
      return c.json({ status: 200, message: 'Received' } satisfies ResponseBody<'/payments/webhook', 'post', 200>, 200);
    },
  };
}
