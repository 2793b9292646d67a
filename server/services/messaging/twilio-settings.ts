/** Twilio's settings from the environment (SMS_PROVIDER=twilio), and the paths of its webhooks on this server. */

export interface TwilioEnv {
  accountSid?: string;
  authToken?: string;
  /** The SMS sender. */
  from?: string;
  /** The WhatsApp sender's number. */
  whatsappFrom?: string;
  /** The public address Twilio posts its webhooks to (the API's origin as Twilio sees it, behind any proxy). */
  webhookBaseUrl?: string;
  /** Development and tests only: another origin for Twilio's REST API (a local fake). */
  apiUrl?: string;
}

/** Where a guest's reply arrives (the number's "A message comes in" webhook). */
export const TWILIO_INBOUND_PATH = '/messaging/twilio/inbound';
/** Where each sent message's status arrives. */
export const TWILIO_STATUS_PATH = '/messaging/twilio/status';

export function readTwilioSettings(env: NodeJS.ProcessEnv): TwilioEnv {
  return {
    accountSid: env.TWILIO_ACCOUNT_SID || undefined,
    authToken: env.TWILIO_AUTH_TOKEN || undefined,
    from: env.TWILIO_FROM || undefined,
    whatsappFrom: env.TWILIO_WHATSAPP_FROM || undefined,
    webhookBaseUrl: env.TWILIO_WEBHOOK_BASE_URL || undefined,
    apiUrl: env.TWILIO_API_URL || undefined,
  };
}
