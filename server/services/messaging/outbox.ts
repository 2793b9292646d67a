/**
 * Outgoing e-mail and SMS, written to the `outbox` table in the caller's transaction. The outbox sender
 * (services/outbox-sender.ts) delivers them from there; outside production a developer or test reads them too. What becomes a mail header (recipient, subject,
 * an attachment's name and type) is kept to one line here, whatever the callers checked, so no text a guest
 * typed can start a header of its own (a `Bcc:`, say).
 */
import type { DbOrTx } from '../../db/client';
import { outbox, type OutboxAttachment } from '../../db/schema';
import { newId } from '../../lib/ids';

export interface EmailMessage {
  to: string;
  subject: string;
  body: string;
  attachments?: OutboxAttachment[];
  /** The reader's language, for the words the mail's frame adds (English when not given). */
  locale?: string;
  /** Empty the row once it is sent or has failed for good (`FORGOTTEN`): an erased guest's last mail. */
  forgetWhenDone?: boolean;
}

export interface SmsMessage {
  to: string;
  body: string;
}

// Line breaks (CR, LF, Unicode's U+2028 and U+2029) and every other control character.
const BREAKS_AND_CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/** A header's text on one line: each run of line breaks and controls becomes one space. */
export const headerText = (text: string) => text.replace(BREAKS_AND_CONTROLS, ' ').trim();

/**
 * A recipient as given when it is one address; otherwise an error, since mending it (dropping a line
 * break, say) could make it someone else's address, or several.
 */
export function singleRecipient(to: string): string {
  if (to === '' || /[\s\u0000-\u001F\u007F-\u009F\u2028\u2029,;<>"]/.test(to)) {
    // The address stays out of the message: errors are logged.
    throw new Error('An outbox message must go to exactly one address');
  }
  return to;
}

/** Queues an e-mail; returns the outbox row's id. */
export async function queueEmail(db: DbOrTx, message: EmailMessage): Promise<string> {
  const id = newId();
  await db.insert(outbox).values({
    id,
    channel: 'EMAIL',
    recipient: singleRecipient(message.to),
    subject: headerText(message.subject),
    body: message.body,
    attachments: (message.attachments ?? []).map((a) => ({ ...a, fileName: headerText(a.fileName), contentType: headerText(a.contentType) })),
    locale: message.locale ?? null,
    forgetWhenDone: message.forgetWhenDone ?? false,
  });
  return id;
}

/**
 * What a `forgetWhenDone` row becomes once delivered or given up: nothing of whom it went to or what it
 * said, only that a message went out (docs/decisions/0032-erasure-all-of-it.md).
 */
export const FORGOTTEN = { recipient: '', subject: '', body: '', attachments: [] as OutboxAttachment[] } as const;

/** Queues a text message; returns the outbox row's id. */
export async function queueSms(db: DbOrTx, message: SmsMessage): Promise<string> {
  const id = newId();
  await db.insert(outbox).values({ id, channel: 'SMS', recipient: singleRecipient(message.to), subject: '', body: message.body });
  return id;
}
