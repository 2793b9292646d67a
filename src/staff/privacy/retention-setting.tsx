/** The retention setting: guests inactive for this many years are anonymised by a nightly job; empty for never. */
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import * as v from 'valibot';
import { unwrap } from '../../../common/api/api-error';
import { FEEDBACK_MESSAGES, RETENTION_LIMITS, retentionSchema } from '../../../common/validation/feedback-validation';
import { staffApi } from '../staff-api';
import { FormMessage, SubmitButton, TextField, useForm } from '../../components/form';
import { Section } from '../../components/section';
import { useSubmission } from '../../components/use-submission';

// The field holds text; empty means "never".
const formSchema = v.object({
  years: v.pipe(
    v.string(),
    v.transform((text) => (text.trim() === '' ? null : Number(text))),
    retentionSchema.entries.years,
  ),
});

export function RetentionSetting() {
  const { t } = useLingui();
  const { min, max } = RETENTION_LIMITS;
  const messageText = (message: string | undefined) =>
    message === FEEDBACK_MESSAGES.retentionInvalid ? t`Enter a whole number of years from ${min} to ${max}, or leave it empty` : message;
  const form = useForm(formSchema, { years: '' }, messageText);
  const submission = useSubmission();

  useEffect(() => {
    void unwrap(staffApi.GET('/admin/privacy/retention')).then(({ data }) => form.set('years', data.years === null ? '' : String(data.years)));
    // Read once; the form's helpers are stable in effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = submission.onSubmit(form.validate, async ({ years }) => {
    await unwrap(staffApi.PUT('/admin/privacy/retention', { body: { years } }));
    return years === null ? t`Guests are no longer anonymised for being inactive.` : t`Guests inactive for ${years} years will be anonymised.`;
  });

  return (
    <Section title={t`Retention`}>
      <p>{t`Guests with no booking, visit, wallet entry or log-in for this many years are anonymised: their name and contact details erased, their payments kept.`}</p>
      <form noValidate onSubmit={submit}>
        <TextField
          label={t`Years of inactivity`}
          hint={t`From ${RETENTION_LIMITS.min} to ${RETENTION_LIMITS.max}; leave empty to keep guests' data until they ask`}
          inputMode="numeric"
          {...form.field('years')}
        />
        <FormMessage error={submission.error} success={submission.success} />
        <SubmitButton label={t`Save`} busyLabel={t`Saving…`} busy={submission.sending} />
      </form>
    </Section>
  );
}
