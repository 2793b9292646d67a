/**
 * Adding a party to the walk-in queue: name, covers, mobile (for the "table ready" text), seating
 * preference, notes and the language of the text. The floor's quote for the party is shown as the host
 * types, and is what the party is quoted unless the host enters their own.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import { FormMessage, SelectField, SubmitButton, TextAreaField, TextField } from '../../../components/form';
import { useSubmission } from '../../../components/use-submission';
import { LOCALES } from '../../../../common/locales';
import { LANGUAGE_NAMES } from '../../../i18n/i18n';
import { STAFF_MAX_GUESTS } from '../../../../common/validation/staff-booking-validation';
import { addToWalkInQueue, loadWalkInEstimate, type NewWalkInBody, type WalkInEstimate } from './walk-in-queue-calls';
import { useNoteLabels } from '../../book/note-labels';

export interface SeatingArea {
  _id: string;
  name: string;
}

const EMPTY = { name: '', numberOfGuests: '2', mobileCountryCode: '852', mobileNumber: '', seatingAreaId: '', notes: '', locale: 'en', quotedMinutes: '' };

export function WalkInAddForm({ venueId, areas, onAdded }: { venueId: string; areas: readonly SeatingArea[]; onAdded: (message: string) => void }) {
  const { t } = useLingui();
  // The host's words about a party at the door are the team's (docs/decisions/0034-staff-notes.md).
  const notes = useNoteLabels();
  const submission = useSubmission();
  const [values, setValues] = useState<Record<string, string>>(EMPTY);
  const [estimate, setEstimate] = useState<WalkInEstimate | null>(null);
  const field = (name: string) => ({ name, value: values[name] ?? '', onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })) });
  const fieldError = (name: string) => (submission.outcome?.kind === 'failed' && (submission.outcome.error as { field?: string })?.field === name ? (submission.error ?? undefined) : undefined);

  const guests = Number(values.numberOfGuests);
  const area = values.seatingAreaId;
  useEffect(() => {
    if (!Number.isInteger(guests) || guests < 1 || guests > STAFF_MAX_GUESTS) return setEstimate(null);
    let live = true;
    loadWalkInEstimate(venueId, guests, area || undefined).then(
      (answer) => live && setEstimate(answer),
      () => live && setEstimate(null),
    );
    return () => {
      live = false;
    };
  }, [venueId, guests, area]);

  function submit(event: FormEvent) {
    const body: NewWalkInBody = {
      name: values.name!,
      numberOfGuests: guests,
      mobileCountryCode: values.mobileNumber ? values.mobileCountryCode! : null,
      mobileNumber: values.mobileNumber || null,
      seatingAreaId: values.seatingAreaId || null,
      notes: values.notes || null,
      locale: values.locale as NewWalkInBody['locale'],
      ...(values.quotedMinutes !== '' ? { quotedMinutes: Number(values.quotedMinutes) } : {}),
    };
    submission.onSubmit(
      () => body,
      async (request) => {
        const added = await addToWalkInQueue(venueId, request);
        const message = t`${added.name} is number ${added.place ?? ''} in the queue, quoted ${added.quotedMinutes} min.`;
        setValues(EMPTY);
        onAdded(message);
        return message;
      },
    )(event);
  }

  const floorQuote =
    estimate === null
      ? null
      : estimate.quotedMinutes === null
        ? t`No table seats this party within the next hours: enter the wait to quote.`
        : estimate.quotedMinutes === 0
          ? t`The floor's quote: a table is free now (${estimate.tableName ?? ''}).`
          : t`The floor's quote: ${estimate.quotedMinutes} min (${estimate.tableName ?? ''}).`;

  return (
    <form onSubmit={submit} noValidate className="staff-form walk-in-add" aria-label={t`Add to the queue`}>
      <TextField label={t`Name`} required autoComplete="off" {...field('name')} error={fieldError('name')} />
      <TextField label={t`Guests`} type="number" min={1} max={STAFF_MAX_GUESTS} required {...field('numberOfGuests')} error={fieldError('numberOfGuests')} />
      <div className="walk-in-add__phone">
        <TextField label={t`Country code`} inputMode="tel" {...field('mobileCountryCode')} />
        <TextField label={t`Mobile (optional, for the text)`} type="tel" {...field('mobileNumber')} error={fieldError('mobileNumber')} />
      </div>
      <SelectField label={t`Seating preference`} {...field('seatingAreaId')}>
        <option value="">{t`Any dining area`}</option>
        {areas.map((a) => (
          <option key={a._id} value={a._id}>
            {a.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={t`Language of the text`} {...field('locale')}>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </SelectField>
      <TextAreaField label={notes.staffNotes} hint={notes.staffNotesHint} {...field('notes')} />
      <TextField
        label={t`Quote (minutes)`}
        type="number"
        min={0}
        max={600}
        hint={floorQuote ?? undefined}
        placeholder={estimate?.quotedMinutes != null ? String(estimate.quotedMinutes) : ''}
        {...field('quotedMinutes')}
        error={fieldError('quotedMinutes')}
      />
      <FormMessage error={submission.error} success={submission.success} />
      <SubmitButton label={t`Add to the queue`} busyLabel={t`Adding…`} busy={submission.sending} />
    </form>
  );
}
