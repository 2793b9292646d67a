/**
 * The contact form's messages: stored, acknowledged to the sender in the form's language, and passed to
 * the concierge, all in one transaction, so a message is never kept without its mails or mailed unkept.
 */
import * as v from 'valibot';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { newId } from '../../lib/ids';
import { messageLanguage } from '../messaging/message-language';
import { queueEmail } from '../messaging/outbox';
import type { contactFormSchema } from '../../../common/validation/contact-validation';

/** The club's inbox for contact-form notifications. */
export const CONCIERGE_EMAIL = 'concierge@example.com';

export const CONTACT_THANKS = /*i18n*/ 'Thank you for your message. Our concierge team will reply within one business day.';

type ContactForm = v.InferOutput<typeof contactFormSchema>;

/** Stores the message (with the account it was sent from, if any) and queues both mails; returns the message's reference. */
export async function receiveContactMessage(db: Db, form: ContactForm, now: Date, userId: string | null = null): Promise<string> {
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({
      id,
      userId,
      name: form.name,
      email: form.email,
      phone: form.phone ?? null,
      subject: form.subject,
      message: form.message,
      locale: form.locale,
      createdAt: now,
    });
    // The sender's address is theirs to type: the acknowledgement repeats nothing they wrote but the name.
    // It is written in the form's language; the concierge's copy below stays in English.
    const { i18n, locale } = messageLanguage(form.locale);
    await queueEmail(tx, {
      to: form.email,
      locale,
      subject: i18n._('We have received your message'),
      body: [
        i18n._('Dear {name},', { name: form.name }),
        i18n._(CONTACT_THANKS),
        i18n._('Your reference is {reference}.', { reference: id }),
        i18n._('The Aldrich Club Concierge'),
      ].join('\n\n'),
    });
    await queueEmail(tx, {
      to: CONCIERGE_EMAIL,
      subject: `Contact form: ${form.subject}`,
      body: [
        `From: ${form.name} <${form.email}>`,
        `Phone: ${form.phone ?? '-'}`,
        `Language: ${form.locale}`,
        `Reference: ${id}`,
        '',
        form.message,
      ].join('\n'),
    });
  });
  return id;
}
