/**
 * Where text messages leave the server: a provider behind one interface. An HTTP gateway plugs in by
 * settings (SMS_HTTP_URL); a logging one prints them in development. Without either, SMS stay queued:
 * nothing is marked delivered that was not.
 */
import { PermanentDeliveryError } from './delivery-error';

export interface OutgoingSms {
  /** The outbox row's id: a gateway may use it to drop a repeat. */
  id: string;
  to: string;
  body: string;
}

/** What a provider that names its messages answers: its id, for the status callbacks. */
export interface SentSms {
  providerId: string;
}

export interface SmsProvider {
  /** For the start-up line. */
  readonly description: string;
  /** Resolves once the provider has taken the message (with its id, when it gives one); rejects otherwise. */
  send(sms: OutgoingSms): Promise<void | SentSms>;
}

/** Development only: writes each message to the log and counts it as sent. */
export function loggingSmsProvider(log: (line: string) => void = console.log): SmsProvider {
  return {
    description: 'the log (SMS_PROVIDER=log; nothing is sent)',
    async send(sms) {
      log(`SMS to ${sms.to}: ${sms.body}`);
    },
  };
}

export interface HttpSmsSettings {
  /** The gateway's endpoint: it receives `POST {"id","to","from","body"}` as JSON. */
  url: string;
  /** Sent as `Authorization: Bearer …` when given. */
  token?: string;
  /** The sender name or number the gateway shows, when given. */
  from?: string;
  /** How long one request may take. */
  timeoutMs?: number;
}

/** A gateway reached over HTTP: any 2xx answer means it has taken the message. */
export function httpSmsProvider(settings: HttpSmsSettings, fetchFn: typeof fetch = fetch): SmsProvider {
  return {
    description: `HTTP ${new URL(settings.url).origin}`,
    async send(sms) {
      const res = await fetchFn(settings.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(settings.token ? { authorization: `Bearer ${settings.token}` } : {}),
        },
        body: JSON.stringify({ id: sms.id, to: sms.to, from: settings.from, body: sms.body }),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 30_000),
      });
      if (!res.ok) {
        const detail = (await res.text().catch(() => '')).slice(0, 200);
        const message = `SMS gateway answered ${res.status}${detail ? `: ${detail}` : ''}`;
        // A 4xx refuses this message (a bad number, say); a 408, a 429 and a 5xx may pass later.
        const final = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
        throw final ? new PermanentDeliveryError(message) : new Error(message);
      }
    },
  };
}
