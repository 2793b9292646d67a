/**
 * The feedback page (README.md, "After the visit and personal data"), opened from the mail after a visit
 * without logging in: the signed token in the address is the credential. A rating tapped in the mail
 * (`rating=`) is recorded on opening; the guest may change it and add a comment.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { unwrap } from '../../common/api/api-error';
import type { components } from '../../common/api/schema';
import { FEEDBACK_LIMITS, feedbackSchema } from '../../common/validation/feedback-validation';
import { api } from '../api/api';
import { FormMessage, SubmitButton, TextAreaField, useForm } from '../components/form';
import { Page } from '../components/page';
import { useSubmission } from '../components/use-submission';
import { useFailureText } from '../i18n/message-text';
import { useFeedbackMessageText } from '../feedback/feedback-text';
import { useFormats } from '../i18n/use-formats';
import type { PageProps } from '../navigation/routes';
import { RatingPicker } from '../feedback/rating-picker';

type Visit = components['schemas']['VisitFeedback'];

export default function FeedbackPage({ query }: PageProps) {
  const { t } = useLingui();
  const { date } = useFormats();
  const failureText = useFailureText();
  const token = query.token ?? '';
  const tapped = Number(query.rating);
  const [visit, setVisit] = useState<Visit | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const messageText = useFeedbackMessageText();
  const form = useForm(feedbackSchema, { rating: Number.isInteger(tapped) && tapped >= 1 && tapped <= 5 ? tapped : 0, comment: '' }, messageText);
  const submission = useSubmission();
  const opened = useRef(false);

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    // The mail's one-tap rating is the guest's answer: recorded as the page opens.
    const rating = Number(form.values.rating);
    const first = rating
      ? unwrap(api.PUT('/feedback/{token}', { params: { path: { token } }, body: { rating } }))
      : unwrap(api.GET('/feedback/{token}', { params: { path: { token } } }));
    first.then(
      ({ data }) => {
        setVisit(data);
        if (data.rating) form.set('rating', data.rating);
        if (data.comment) form.set('comment', data.comment);
      },
      (error: unknown) => setLoadError(failureText(error)),
    );
  }, [token, form, failureText]);

  const submit = submission.onSubmit(form.validate, async (values) => {
    const { data } = await unwrap(api.PUT('/feedback/{token}', { params: { path: { token } }, body: { rating: values.rating, comment: values.comment ?? '' } }));
    setVisit(data);
    return t`Thank you for your feedback.`;
  });

  if (loadError) {
    return (
      <Page title={t`Your feedback`}>
        <p className="form-error" role="alert">
          {loadError}
        </p>
      </Page>
    );
  }
  if (!visit) return <Page title={t`Your feedback`}>{<p role="status">{t`Loading…`}</p>}</Page>;
  const venue = visit.venue.name;
  const day = date(visit.date);
  return (
    <Page title={t`Your feedback`} lead={t`Your visit to ${venue} on ${day}`}>
      {visit.rating !== null && (
        <p role="status" className="form-success">
          {t`Thank you: your rating is saved. You may change it or tell us more below.`}
        </p>
      )}
      <form noValidate onSubmit={submit}>
        <RatingPicker value={Number(form.values.rating)} error={messageText(form.errors.rating)} onChange={(rating) => form.set('rating', rating)} />
        <TextAreaField
          label={t`Your comment (optional)`}
          hint={t`At most ${FEEDBACK_LIMITS.comment} characters`}
          maxLength={FEEDBACK_LIMITS.comment}
          rows={5}
          {...form.field('comment')}
        />
        <FormMessage error={submission.error} success={submission.success} />
        <SubmitButton label={t`Send feedback`} busyLabel={t`Sending…`} busy={submission.sending} />
      </form>
    </Page>
  );
}
