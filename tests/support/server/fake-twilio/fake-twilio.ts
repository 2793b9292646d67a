/**
 * A local fake of Twilio's REST API for the real `twilio` SDK (pointed at it with `apiUrl`): it takes
 * `POST /2010-04-01/Accounts/{sid}/Messages.json` with the account's Basic credentials, records each
 * message and answers as Twilio does (201 and the message, or Twilio's error body). Beside it, the
 * signing of webhooks as Twilio signs them, for the tests that post replies and status callbacks.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import twilio from 'twilio';
import type { TestApi } from '../harness';
import { chooseMessaging, type Messaging } from '../../../../server/services/messaging/messaging-choice';

export const FAKE_ACCOUNT_SID = `AC${'0'.repeat(32)}`;
export const FAKE_AUTH_TOKEN = 'fake-twilio-auth-token';
export const FAKE_FROM = '+85230001234';
export const FAKE_WHATSAPP_FROM = '+85230005678';
/** The public address the tests' app tells Twilio its webhooks are at. */
export const WEBHOOK_BASE_URL = 'https://club.example.test/api';

export interface SentMessage {
  sid: string;
  To: string;
  From: string;
  Body: string;
  StatusCallback?: string;
}

export class FakeTwilio {
  readonly messages: SentMessage[] = [];
  /** The next answers' error, once each (e.g. `{ status: 400, code: 21211, message: … }`). */
  readonly failures: { status: number; code: number; message: string }[] = [];
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        const expected = `Basic ${Buffer.from(`${FAKE_ACCOUNT_SID}:${FAKE_AUTH_TOKEN}`).toString('base64')}`;
        const answer = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (req.headers.authorization !== expected) return answer(401, { code: 20003, message: 'Authenticate', status: 401 });
        if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${FAKE_ACCOUNT_SID}/Messages.json`) return answer(404, { code: 20404, message: 'Not found', status: 404 });
        const failure = this.failures.shift();
        if (failure) return answer(failure.status, { ...failure, more_info: 'https://www.twilio.com/docs/errors' });
        const form = Object.fromEntries(new URLSearchParams(text)) as Omit<SentMessage, 'sid'>;
        const sid = `SM${randomBytes(16).toString('hex')}`;
        this.messages.push({ sid, ...form });
        answer(201, { sid, account_sid: FAKE_ACCOUNT_SID, to: form.To, from: form.From, body: form.Body, status: 'queued', direction: 'outbound-api', num_segments: '1' });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${address.port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The app's messaging on Twilio through this fake (SMS_PROVIDER=twilio as an operator sets it). */
  messaging(): Messaging {
    return chooseMessaging({
      production: false,
      smtpUrl: undefined,
      mailFrom: 'reservations@aldrich.test',
      smsProvider: 'twilio',
      smsHttpUrl: undefined,
      smsHttpToken: undefined,
      smsFrom: undefined,
      twilio: { accountSid: FAKE_ACCOUNT_SID, authToken: FAKE_AUTH_TOKEN, from: FAKE_FROM, whatsappFrom: FAKE_WHATSAPP_FROM, webhookBaseUrl: WEBHOOK_BASE_URL, apiUrl: this.url },
    });
  }
}

/** Posts a webhook to the app as Twilio does: the form, signed over the public address (or with `signature` given). */
export function postTwilioWebhook(api: TestApi, path: string, fields: Record<string, string>, signature?: string) {
  const sign = signature ?? twilio.getExpectedTwilioSignature(FAKE_AUTH_TOKEN, `${WEBHOOK_BASE_URL}${path}`, fields);
  return api.request('POST', path, {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': sign },
  });
}

/** A Twilio-looking id of an incoming message. */
export const inboundSid = () => `SM${randomBytes(16).toString('hex')}`;
