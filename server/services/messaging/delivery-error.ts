/**
 * A refusal that trying again cannot change (an SMTP server's 5xx for the recipient or the message, an
 * SMS gateway's 4xx for the request): the outbox sender marks the message FAILED at once.
 */
export class PermanentDeliveryError extends Error {
  override readonly name = 'PermanentDeliveryError';
}
