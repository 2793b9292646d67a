/**
 * Twilio's webhooks (no login; the app runs on SMS_PROVIDER=twilio with TWILIO_WEBHOOK_BASE_URL): a
 * guest's reply (`/messaging/twilio/inbound`) and a sent message's status (`/messaging/twilio/status`).
 * Each request is checked with the SDK's `validateRequest` against X-Twilio-Signature, over the public
 * address Twilio posted to and the form's fields: a forged one answers 403 and changes nothing. A reply
 * whose MessageSid was received already is a replay: 409, nothing done again.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../context';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { TWILIO_INBOUND_PATH, TWILIO_STATUS_PATH } from '../../services/messaging/twilio-settings';
import { receiveReply, recordDeliveryStatus } from '../../services/reconfirmation/inbound-replies';
import { route } from '../route';

const forged = () => new ApiError(403, ERROR_CODES.TWILIO_SIGNATURE_INVALID, /*i18n*/ 'The request is not signed by Twilio');

/** The form's fields once its signature is checked; 404 when the app does not run on Twilio. */
async function verifiedFields(c: Context<AppEnv>, path: string): Promise<Record<string, string>> {
  const webhooks = c.get('deps').messaging?.twilioWebhooks;
  if (!webhooks) throw notFound();
  const form = await c.req.parseBody();
  const fields = Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  // The SDK loaded with Twilio's first call: a server not on Twilio keeps it out of its memory (npm run bench:start).
  const { default: twilio } = await import('twilio');
  const url = `${webhooks.baseUrl.replace(/\/$/, '')}${path}${new URL(c.req.url).search}`;
  if (!twilio.validateRequest(webhooks.authToken, c.req.header(twilio.SIGNATURE_HEADER) ?? '', url, fields)) throw forged();
  return fields;
}

/** An empty TwiML answer: nothing more for Twilio to do (any answer to the guest goes through the outbox). */
const emptyTwiml = (c: Context<AppEnv>) => c.body('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', 200, { 'content-type': 'text/xml' });

export function twilioRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, 'post', TWILIO_INBOUND_PATH, async (c) => {
    const fields = await verifiedFields(c, TWILIO_INBOUND_PATH);
    if (!fields.MessageSid || !fields.From) throw badRequest(/*i18n*/ 'MessageSid and From are required');
    await receiveReply(c.get('deps'), { providerId: fields.MessageSid, from: fields.From, body: fields.Body ?? '' });
    return emptyTwiml(c);
  });
  route(app, 'post', TWILIO_STATUS_PATH, async (c) => {
    const fields = await verifiedFields(c, TWILIO_STATUS_PATH);
    await recordDeliveryStatus(c.get('deps').db, fields.MessageSid ?? '', fields.MessageStatus ?? '');
    return emptyTwiml(c);
  });
  return app;
}
