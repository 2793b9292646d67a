/**
 * The built-in test-mode processor's browser-facing calls: confirming an intent with a card, and the
 * 3-D Secure challenge. They stand for the processor's own servers: card details come here, never to our
 * API, and what they answer is the processor's word to the browser only. Our server learns the outcome
 * from the signed webhook or by asking the processor itself.
 */
import type { I18n } from '@lingui/core';
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import { notFound } from '../../lib/errors';
import { parseBody, parseParams, requiredMessage, requiredObject } from '../../lib/validate';
import { TestProcessor, toBrowserIntent, type BrowserIntent } from '../../services/payments/processor/test-processor';
import { CARD_MESSAGES } from '../../../common/validation/card-validation';
import { answer } from '../route';

type Ctx = Context<AppEnv>;

const intentParams = requiredObject({ intentId: v.pipe(v.string(), v.regex(/^(pi|seti)_[0-9a-f]{24}$/, /*i18n*/ 'intentId is not a payment intent id')) });

// Types are checked here with the card form's own texts; the processor then checks the values.
const confirmBody = requiredObject({
  clientSecret: v.pipe(
    v.string(/*i18n*/ 'clientSecret must be text'),
    v.minLength(1, requiredMessage('clientSecret')),
    v.maxLength(200, /*i18n*/ 'clientSecret is too long'),
  ),
  cardholderName: v.pipe(v.string(CARD_MESSAGES.nameMissing), v.maxLength(100, /*i18n*/ 'The cardholder name must be at most 100 characters')),
  cardNumber: v.pipe(v.string(CARD_MESSAGES.numberInvalid), v.maxLength(40, CARD_MESSAGES.numberInvalid)),
  expMonth: v.pipe(v.number(CARD_MESSAGES.monthInvalid), v.integer(CARD_MESSAGES.monthInvalid)),
  expYear: v.pipe(v.number(CARD_MESSAGES.yearInvalid), v.integer(CARD_MESSAGES.yearInvalid)),
  cvc: v.pipe(v.string(CARD_MESSAGES.cvcInvalid), v.maxLength(10, CARD_MESSAGES.cvcInvalid)),
});

const challengeBody = requiredObject({ outcome: v.picklist(['approve', 'fail'], /*i18n*/ 'outcome must be approve or fail') });

/** The app's processor when it is the test-mode one; 404 otherwise (these calls do not exist then). */
function testProcessor(c: Ctx): TestProcessor {
  const processor = c.get('deps').payments;
  if (!(processor instanceof TestProcessor)) throw notFound();
  return processor;
}

/** The intent with the reason of a refusal (DECLINE_MESSAGES) in the caller's language, as a processor's card form shows it. */
const inLanguage = (intent: BrowserIntent, i18n: I18n): BrowserIntent => ({
  ...intent,
  lastError: intent.lastError && i18n._(intent.lastError),
});

export function createTestProcessorHandlers() {
  return {
    /** POST /payments/test-processor/intents/{intentId}/confirm */
    async confirm(c: Ctx) {
      const processor = testProcessor(c);
      const { intentId } = parseParams(c, intentParams);
      const card = await parseBody(c, confirmBody);
      const data = inLanguage(toBrowserIntent(await processor.confirm(intentId, card)), c.var.i18n);
      return answer(200, { status: 200, data });
    },

    /** POST /payments/test-processor/intents/{intentId}/challenge */
    async challenge(c: Ctx) {
      const processor = testProcessor(c);
      const { intentId } = parseParams(c, intentParams);
      const { outcome } = await parseBody(c, challengeBody);
      const data = inLanguage(toBrowserIntent(await processor.challenge(intentId, outcome)), c.var.i18n);
      return answer(200, { status: 200, data });
    },
  };
}
