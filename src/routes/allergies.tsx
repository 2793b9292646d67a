/**
 * The reminder's allergy question (README.md, "After the visit and personal data"), opened from the reminder
 * mail without logging in (the manage link's token): the booking's dietary details as given, and the guest's
 * answer for the kitchen, none or what they have; staff see it on the day sheet.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { unwrap } from '../../common/api/api-error';
import type { components } from '../../common/api/schema';
import { allergiesFormSchema, FEEDBACK_LIMITS } from '../../common/validation/feedback-validation';
import { api } from '../api/api';
import { FormMessage, SubmitButton, TextAreaField, useForm } from '../components/form';
import { Page } from '../components/page';
import { useSubmission } from '../components/use-submission';
import { useGuestRequestText } from '../i18n/guest-request-text';
import { useFailureText } from '../i18n/message-text';
import { useFeedbackMessageText } from '../feedback/feedback-text';
import { useFormats } from '../i18n/use-formats';
import type { PageProps } from '../navigation/routes';
import '../feedback/feedback.css';

type Confirmation = components['schemas']['AllergyConfirmation'];

export default function AllergiesPage({ query }: PageProps) {
  const { t } = useLingui();
  const { date, time } = useFormats();
  const failureText = useFailureText();
  const requests = useGuestRequestText();
  const token = query.token ?? '';
  const [booking, setBooking] = useState<Confirmation | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const form = useForm(allergiesFormSchema, { has: 'none', answer: '' }, useFeedbackMessageText());
  const submission = useSubmission();

  useEffect(() => {
    unwrap(api.GET('/manage/{token}/allergies', { params: { path: { token } } })).then(
      ({ data }) => {
        setBooking(data);
        const known = data.answer ?? [requests.dietaryLine(data), data.dietaryNote].filter(Boolean).join('. ');
        if (known) {
          form.set('has', 'some');
          form.set('answer', known);
        }
      },
      (error: unknown) => setLoadError(failureText(error)),
    );
    // Read once per token; the form's own helpers are stable in effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const submit = submission.onSubmit(form.validate, async ({ has, answer }) => {
    const { data } = await unwrap(api.PUT('/manage/{token}/allergies', { params: { path: { token } }, body: { answer: has === 'none' ? '' : answer } }));
    setBooking(data);
    return t`Thank you: our kitchen has your answer.`;
  });

  if (loadError) {
    return (
      <Page title={t`Allergies and dietary needs`}>
        <p className="form-error" role="alert">
          {loadError}
        </p>
      </Page>
    );
  }
  if (!booking) return <Page title={t`Allergies and dietary needs`}>{<p role="status">{t`Loading…`}</p>}</Page>;
  const venue = booking.venueName;
  const day = date(booking.date);
  const at = time(booking.startTime);
  return (
    <Page title={t`Allergies and dietary needs`} lead={t`Your reservation at ${venue} on ${day} at ${at} (${booking.reference})`}>
      <form noValidate onSubmit={submit}>
        <fieldset className="field rating-picker">
          <legend className="field__label">{t`Does anyone in your party have allergies or dietary needs?`}</legend>
          <label className="rating-picker__choice">
            <input type="radio" name="has" value="none" checked={form.values.has === 'none'} onChange={() => form.set('has', 'none')} /> {t`No allergies`}
          </label>
          <label className="rating-picker__choice">
            <input type="radio" name="has" value="some" checked={form.values.has === 'some'} onChange={() => form.set('has', 'some')} /> {t`Yes, as follows`}
          </label>
        </fieldset>
        {form.values.has === 'some' && (
          <TextAreaField label={t`Allergies and dietary needs`} hint={t`For example: shellfish allergy, one vegetarian`} maxLength={FEEDBACK_LIMITS.allergies} rows={4} {...form.field('answer')} />
        )}
        <FormMessage error={submission.error} success={submission.success} />
        <SubmitButton label={t`Confirm for the kitchen`} busyLabel={t`Sending…`} busy={submission.sending} />
      </form>
    </Page>
  );
}
