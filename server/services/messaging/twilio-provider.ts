/**
 * SMS and WhatsApp through Twilio's official SDK (`twilio`), beside the generic HTTP gateway
 * (sms-provider.ts). A recipient written `whatsapp:+852…` (Twilio's own addressing) goes out on WhatsApp
 * from the WhatsApp sender; any other as an SMS. Each message asks Twilio for status callbacks, which
 * routes/two-way/twilio.routes.ts turns into delivered or failed.
 */
import type twilio from 'twilio';
import { PermanentDeliveryError } from './delivery-error';
import type { SmsProvider } from './sms-provider';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The SMS sender: a Twilio number or a Messaging Service's alphanumeric sender. */
  from: string;
  /** The WhatsApp sender's number (without `whatsapp:`); WhatsApp messages are refused without one. */
  whatsappFrom?: string;
  /** Where Twilio posts each message's status (`…/messaging/twilio/status`); none asked without it. */
  statusCallbackUrl?: string;
  /** Another origin for Twilio's REST API: the tests' local fake only. */
  apiUrl?: string;
}

export const WHATSAPP_PREFIX = 'whatsapp:';

/** The SDK's HTTP client with every request sent to `apiUrl` instead of Twilio's hosts. */
function redirectingClient(sdk: typeof twilio, apiUrl: string): twilio.RequestClient {
  const client = new sdk.RequestClient();
  const request = client.request.bind(client);
  client.request = (opts) => {
    const uri = new URL(opts.uri);
    return request({ ...opts, uri: new URL(uri.pathname + uri.search, apiUrl).href });
  };
  return client;
}

export function twilioProvider(settings: TwilioSettings): SmsProvider {
  // The SDK loaded with the first message: a server not on Twilio keeps it out of its memory (npm run bench:start).
  let made: Promise<twilio.Twilio> | undefined;
  const sdkClient = () =>
    (made ??= import('twilio').then(({ default: sdk }) =>
      sdk(settings.accountSid, settings.authToken, {
        autoRetry: false,
        ...(settings.apiUrl ? { httpClient: redirectingClient(sdk, settings.apiUrl) } : {}),
      }),
    ));
  return {
    description: `Twilio (account ${settings.accountSid.slice(0, 6)}…)`,
    async send(sms) {
      const whatsapp = sms.to.startsWith(WHATSAPP_PREFIX);
      if (whatsapp && !settings.whatsappFrom) throw new PermanentDeliveryError('TWILIO_WHATSAPP_FROM is not set: no WhatsApp sender');
      try {
        const client = await sdkClient();
        const message = await client.messages.create({
          to: sms.to,
          from: whatsapp ? `${WHATSAPP_PREFIX}${settings.whatsappFrom}` : settings.from,
          body: sms.body,
          ...(settings.statusCallbackUrl ? { statusCallback: settings.statusCallbackUrl } : {}),
        });
        return { providerId: message.sid };
      } catch (err) {
        // A 4xx refuses this message (a bad number, an unverified sender); a 429 and a 5xx may pass later.
        const status = (err as { status?: number }).status ?? 0;
        const text = `Twilio answered ${status || 'nothing'}: ${err instanceof Error ? err.message : String(err)}`;
        throw status >= 400 && status < 500 && status !== 429 ? new PermanentDeliveryError(text) : new Error(text);
      }
    },
  };
}
