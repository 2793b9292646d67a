/**
 * Outgoing e-mail and SMS, written to the `outbox` table in the caller's transaction. A sender (or, outside
 * production, a developer or test) reads them from there.
 */
import type { DbOrTx } from '../db/client';
import { outbox, type OutboxAttachment } from '../db/schema';
import { newId } from '../lib/ids';

export interface EmailMessage {
  to: string;
  subject: string;
  body: string;
  attachments?: OutboxAttachment[];
}

export interface SmsMessage {
  to: string;
  body: string;
}

/** Queues an e-mail; returns the outbox row's id. */
export async function queueEmail(db: DbOrTx, message: EmailMessage): Promise<string> {
  const id = newId();
  await db.insert(outbox).values({
    id,
    channel: 'EMAIL',
    recipient: message.to,
    subject: message.subject,
    body: message.body,
    attachments: message.attachments ?? [],
  });
  return id;
}

/** Queues a text message; returns the outbox row's id. */
export async function queueSms(db: DbOrTx, message: SmsMessage): Promise<string> {
  const id = newId();
  await db.insert(outbox).values({ id, channel: 'SMS', recipient: message.to, subject: '', body: message.body });
  return id;
}
