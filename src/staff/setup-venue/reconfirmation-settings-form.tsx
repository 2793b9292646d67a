/**
 * A venue's reconfirmation settings (docs/PRODUCT.md §4, no-shows): when its guests are asked whether they
 * are still coming (by default 12:00 the day before), when the bookings not reconfirmed go on the call
 * list, and whether those never reconfirmed are released. Checked with the server's own schema, saved at
 * once (the settings only steer the asks still to come, so there is no preview to check).
 */
import { useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import { unwrap } from '../../../common/api/api-error';
import type { Schemas } from '../../../common/api/schemas';
import { RECONFIRMATION_MESSAGES, reconfirmationSettingsSchema } from '../../../common/validation/reconfirmation-validation';
import { FormMessage, SubmitButton, TextField, useForm } from '../../components/form';
import { useSubmission } from '../../components/use-submission';
import { staffApi } from '../staff-api';
import { clockValue, minuteOfClock } from './clock-value';

type Settings = Schemas['ReconfirmationSettings'];

/** The boxes as typed, named as the call names them so the schema's errors land on them. */
const boxesOf = (stored: Settings) => ({
  askDaysBefore: String(stored.askDaysBefore),
  askAtMinute: clockValue(stored.askAtMinute),
  callListAtMinute: clockValue(stored.callListAtMinute),
  release: stored.autoReleaseHoursBefore !== null,
  autoReleaseHoursBefore: String(stored.autoReleaseHoursBefore ?? 3),
});

const number = (text: string) => (text.trim() === '' ? NaN : Number(text));

const formSchema = v.pipe(
  v.object({ askDaysBefore: v.string(), askAtMinute: v.string(), callListAtMinute: v.string(), release: v.boolean(), autoReleaseHoursBefore: v.string() }),
  v.transform((boxes) => ({
    askDaysBefore: number(boxes.askDaysBefore),
    askAtMinute: minuteOfClock(boxes.askAtMinute),
    callListAtMinute: minuteOfClock(boxes.callListAtMinute),
    autoReleaseHoursBefore: boxes.release ? number(boxes.autoReleaseHoursBefore) : null,
  })),
  reconfirmationSettingsSchema,
);

export function ReconfirmationSettingsForm({ venueId, stored }: { venueId: string; stored: Settings }) {
  const { t } = useLingui();
  const words: Record<string, string> = {
    [RECONFIRMATION_MESSAGES.daysInvalid]: t`Enter a number of days from 0 (the day of the visit) to 7`,
    [RECONFIRMATION_MESSAGES.minuteInvalid]: t`Enter a time of day`,
    [RECONFIRMATION_MESSAGES.releaseInvalid]: t`Enter a number of hours from 1 to 48`,
    [RECONFIRMATION_MESSAGES.callListBeforeAsk]: t`The call list must open after the guests are asked`,
  };
  const form = useForm(formSchema, boxesOf(stored), (message) => (message ? (words[message] ?? message) : undefined));
  const submission = useSubmission();
  const release = form.values.release === true;

  const submit = submission.onSubmit(form.validate, async (settings) => {
    const saved = (await unwrap(staffApi.PUT('/admin/venue/{venueId}/reconfirmation', { params: { path: { venueId } }, body: settings }))).data;
    const hours = saved.autoReleaseHoursBefore;
    return hours === null ? t`Saved. Bookings never reconfirmed stay booked.` : t`Saved. Bookings never reconfirmed are released ${hours} hours before they start.`;
  });

  return (
    <form noValidate aria-label={t`Reconfirmation`} onSubmit={submit}>
      <p>{t`Guests with a mobile number are asked by text and mail to reconfirm; those who have not answered go on the call list.`}</p>
      <TextField
        label={t`Days before the visit the guests are asked`}
        hint={t`1 is the day before; 0 the day of the visit.`}
        inputMode="numeric"
        {...form.field('askDaysBefore')}
      />
      <TextField label={t`Time the guests are asked`} hint={t`Hong Kong time. Usually 12:00.`} type="time" {...form.field('askAtMinute')} />
      <TextField
        label={t`Time unanswered bookings go on the call list`}
        hint={t`The same day as the ask, after it.`}
        type="time"
        {...form.field('callListAtMinute')}
      />
      <label className="checkbox">
        <input type="checkbox" checked={release} onChange={(e) => form.set('release', e.target.checked)} />
        <span>{t`Release bookings never reconfirmed (cancelled under the venue's policy)`}</span>
      </label>
      {release && (
        <TextField
          label={t`Hours before the start they are released`}
          hint={t`From 1 to 48. Inside the cancellation window the policy's fee applies.`}
          inputMode="numeric"
          {...form.field('autoReleaseHoursBefore')}
        />
      )}
      <FormMessage error={submission.error} success={submission.success} />
      <SubmitButton label={t`Save`} busyLabel={t`Saving…`} busy={submission.sending} />
    </form>
  );
}
