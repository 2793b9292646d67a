/**
 * The contact form (docs/PRODUCT.md §1): checked in the browser with the schema the server uses, sent with the
 * reader's language so the reply can be in it. A refused send keeps everything typed.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api } from '../api/api';
import { ApiFailure, unwrap } from '../../common/api/api-error';
import { useFailureText } from '../i18n/message-text';
import { CONTACT_LIMITS, CONTACT_MESSAGES, contactFormSchema } from '../../common/validation/contact-validation';
import { DEFAULT_LOCALE, isLocale } from '../../common/locales';
import { FormMessage, TextAreaField, TextField, useForm } from './form';

const FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const;
type Field = (typeof FIELDS)[number];

const EMPTY: Record<Field, string> = { name: '', email: '', phone: '', subject: '', message: '' };

// The schema's English messages are the source texts; these make them translatable, word for word.
const FIELD_MESSAGES: ReadonlyMap<string, MessageDescriptor> = new Map([
  [CONTACT_MESSAGES.nameRequired, msg`Please enter your name!`],
  [CONTACT_MESSAGES.nameTooLong, msg`Your name must be ${CONTACT_LIMITS.name} characters or fewer.`],
  [CONTACT_MESSAGES.emailRequired, msg`Please enter your email address!`],
  [CONTACT_MESSAGES.emailInvalid, msg`Please enter a valid email address!`],
  [CONTACT_MESSAGES.phoneInvalid, msg`Please enter a valid phone number`],
  [CONTACT_MESSAGES.subjectRequired, msg`Please enter a subject!`],
  [CONTACT_MESSAGES.subjectTooLong, msg`The subject must be ${CONTACT_LIMITS.subject} characters or fewer.`],
  [CONTACT_MESSAGES.messageRequired, msg`Please enter your message!`],
  [CONTACT_MESSAGES.messageTooLong, msg`Your message must be ${CONTACT_LIMITS.message} characters or fewer.`],
]);

export function ContactForm({ label }: { label?: string }) {
  const { t, i18n } = useLingui();
  const failureText = useFailureText();
  const form = useForm(contactFormSchema, EMPTY, (text) => {
    const descriptor = text ? FIELD_MESSAGES.get(text) : undefined;
    return descriptor ? i18n._(descriptor) : text;
  });
  const [sending, setSending] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused check, take the reader to the first field to fix.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSuccess(null);
    setFailure(null);
    const checked = form.validate();
    if (!checked) {
      setRefusals((n) => n + 1);
      return;
    }
    setSending(true);
    try {
      const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
      const answer = await unwrap(api.POST('/public/contact-form', { body: { ...checked, locale } }));
      setSuccess(answer.message);
      for (const field of FIELDS) form.set(field, '');
    } catch (caught) {
      setFailure(failureText(caught));
      // A refusal about one field is shown under it as well.
      const field = caught instanceof ApiFailure ? caught.field : undefined;
      if (field && (FIELDS as readonly string[]).includes(field)) {
        const text = (caught as ApiFailure).message;
        form.setErrors((current) => ({ ...current, [field]: text }));
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <form ref={formRef} aria-label={label ?? t`Contact form`} noValidate onSubmit={submit}>
      <FormMessage error={failure} success={success} />
      <TextField label={t`Name`} autoComplete="name" maxLength={CONTACT_LIMITS.name} {...form.field('name')} />
      <TextField
        label={t`Email`}
        type="email"
        autoComplete="email"
        maxLength={CONTACT_LIMITS.email}
        {...form.field('email')}
      />
      <TextField
        label={t`Phone (optional)`}
        type="tel"
        autoComplete="tel"
        maxLength={CONTACT_LIMITS.phone}
        hint={t`Include the country code if you are outside Hong Kong, e.g. +44 20 7946 0000.`}
        {...form.field('phone')}
      />
      <TextField label={t`Subject`} maxLength={CONTACT_LIMITS.subject} {...form.field('subject')} />
      <TextAreaField label={t`Message`} maxLength={CONTACT_LIMITS.message} {...form.field('message')} />
      <button type="submit" className="button button--primary button--block" disabled={sending}>
        {sending ? <Trans>Sending…</Trans> : <Trans>Send message</Trans>}
      </button>
    </form>
  );
}
