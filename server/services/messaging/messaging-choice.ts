/**
 * Which mail transport and SMS provider the server delivers the outbox through, from its settings. A
 * channel without one is not delivered: its messages stay queued, and the server says so at start (and,
 * in production, in GET /health). Production refuses the logging SMS provider, which sends nothing.
 */
import { StartupRefusal } from '../../lib/startup-refusal';
import { DEFAULT_MAIL_FROM, smtpTransport, type MailTransport } from './mail-transport';
import { httpSmsProvider, loggingSmsProvider, type SmsProvider } from './sms-provider';
import { twilioProvider } from './twilio-provider';
import { readTwilioSettings, TWILIO_STATUS_PATH, type TwilioEnv } from './twilio-settings';

export interface MessagingSettings {
  production: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsProvider: string | undefined;
  smsHttpUrl: string | undefined;
  smsHttpToken: string | undefined;
  smsFrom: string | undefined;
  /** SMS_PROVIDER=twilio's settings. */
  twilio?: TwilioEnv;
}

/** The delivery channels; null where messages stay queued. */
export interface Messaging {
  mail: MailTransport | null;
  sms: SmsProvider | null;
  /** `MAIL_FROM`: also the domain of the Message-IDs. */
  mailFrom: string;
  /** On Twilio: what its webhooks are checked with (the auth token, and the public address they are posted to). */
  twilioWebhooks?: { authToken: string; baseUrl: string };
}

export function readMessagingSettings(env: NodeJS.ProcessEnv, production: boolean): MessagingSettings {
  return {
    production,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    smsProvider: env.SMS_PROVIDER || undefined,
    smsHttpUrl: env.SMS_HTTP_URL || undefined,
    smsHttpToken: env.SMS_HTTP_TOKEN || undefined,
    smsFrom: env.SMS_FROM || undefined,
    twilio: readTwilioSettings(env),
  };
}

const refuse = (...lines: string[]) => new StartupRefusal(lines.join('\n'));

export function chooseMessaging(settings: MessagingSettings): Messaging {
  let mail: MailTransport | null = null;
  if (settings.smtpUrl) {
    if (!/^smtps?:\/\//i.test(settings.smtpUrl)) throw refuse('SMTP_URL must start with smtp:// or smtps:// (for example smtp://user:password@mail.example.com:587).');
    mail = smtpTransport(settings.smtpUrl, settings.mailFrom);
  }
  const twilio = settings.smsProvider === 'twilio' ? settings.twilio : undefined;
  return {
    mail,
    sms: chooseSms(settings),
    mailFrom: settings.mailFrom,
    ...(twilio?.webhookBaseUrl ? { twilioWebhooks: { authToken: twilio.authToken!, baseUrl: twilio.webhookBaseUrl } } : {}),
  };
}

function chooseSms(settings: MessagingSettings): SmsProvider | null {
  switch (settings.smsProvider) {
    case undefined:
      return null;
    case 'log':
      if (settings.production) throw refuse('SMS_PROVIDER=log sends no text message: production does not run it.', 'Set SMS_PROVIDER=http with SMS_HTTP_URL, or leave SMS_PROVIDER unset (text messages then stay queued).');
      return loggingSmsProvider();
    case 'http':
      if (!settings.smsHttpUrl || !/^https?:\/\//i.test(settings.smsHttpUrl)) throw refuse('SMS_PROVIDER=http needs SMS_HTTP_URL, the gateway\'s http:// or https:// address.');
      return httpSmsProvider({ url: settings.smsHttpUrl, token: settings.smsHttpToken, from: settings.smsFrom });
    case 'twilio': {
      const t = settings.twilio ?? {};
      if (!t.accountSid || !t.authToken || !t.from) throw refuse('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM.');
      if (t.webhookBaseUrl && !/^https?:\/\//i.test(t.webhookBaseUrl)) throw refuse('TWILIO_WEBHOOK_BASE_URL must be the http:// or https:// address Twilio reaches this server at.');
      return twilioProvider({
        accountSid: t.accountSid,
        authToken: t.authToken,
        from: t.from,
        whatsappFrom: t.whatsappFrom,
        statusCallbackUrl: t.webhookBaseUrl ? `${t.webhookBaseUrl.replace(/\/$/, '')}${TWILIO_STATUS_PATH}` : undefined,
        apiUrl: settings.production ? undefined : t.apiUrl,
      });
    }
    default:
      throw refuse(`SMS_PROVIDER must be twilio, http or log, not "${settings.smsProvider}".`);
  }
}

/** What the operator must know about delivery, in English, for the start-up log. */
export function describeMessaging(messaging: Messaging): string[] {
  return [
    messaging.mail ? `E-mail is sent through ${messaging.mail.description} as ${messaging.mailFrom}.` : 'E-mail is NOT sent (SMTP_URL is not set): it stays queued in the outbox.',
    messaging.sms ? `Text messages go to ${messaging.sms.description}.` : 'Text messages are NOT sent (SMS_PROVIDER is not set): they stay queued in the outbox.',
  ];
}
