/** Seating a walk-in now: the party, and optionally the table and a name; refused when nothing that fits is free. */
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { FormMessage, SelectField, SubmitButton, TextAreaField, TextField } from '../../components/form';
import { useSubmission } from '../../components/use-submission';
import { STAFF_MAX_GUESTS } from '../../../common/validation/staff-booking-validation';
import { seatWalkIn, type TablePlan, type WalkInBody } from './book-calls';
import { useNoteLabels } from './note-labels';

export function WalkInForm({ venueId, plan, onSeated }: { venueId: string; plan: TablePlan | null; onSeated: (message: string) => void }) {
  const { t } = useLingui();
  // The host's words about a party at the door are the team's (docs/decisions/0034-staff-notes.md).
  const notes = useNoteLabels();
  const submission = useSubmission();
  const [values, setValues] = useState<Record<string, string>>({ numberOfGuests: '2', tableId: '', firstName: '', lastName: '', notes: '' });
  const field = (name: string) => ({ name, value: values[name] ?? '', onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })) });
  // Tables free at the plan's time, for staff who want to choose.
  const free = plan?.areas.flatMap((area) => area.tables.filter((table) => table.state === 'free').map((table) => ({ ...table, area: area.name }))) ?? [];

  function submit(event: FormEvent) {
    const body: WalkInBody = {
      numberOfGuests: Number(values.numberOfGuests),
      ...(values.tableId ? { tableId: values.tableId } : {}),
      ...(values.firstName ? { firstName: values.firstName } : {}),
      ...(values.lastName ? { lastName: values.lastName } : {}),
      notes: values.notes || null,
    };
    submission.onSubmit(
      () => body,
      async (request) => {
        const reference = (await seatWalkIn(venueId, request)).uniqueId;
        const message = t`Walk-in seated: ${reference}.`;
        onSeated(message);
        return message;
      },
    )(event);
  }

  return (
    <form onSubmit={submit} noValidate className="staff-form" aria-label={t`Walk-in`}>
      <TextField label={t`Guests`} type="number" min={1} max={STAFF_MAX_GUESTS} required {...field('numberOfGuests')} />
      <SelectField label={t`Table`} {...field('tableId')}>
        <option value="">{t`The smallest free table that seats the party`}</option>
        {free.map((table) => (
          <option key={table._id} value={table._id}>{`${table.name} · ${table.area} (${table.minGuests}–${table.maxGuests})`}</option>
        ))}
      </SelectField>
      <TextField label={t`First name (optional)`} {...field('firstName')} />
      <TextField label={t`Last name (optional)`} {...field('lastName')} />
      <TextAreaField label={notes.staffNotes} hint={notes.staffNotesHint} {...field('notes')} />
      <FormMessage error={submission.error} success={submission.success} />
      <SubmitButton label={t`Seat now`} busyLabel={t`Seating…`} busy={submission.sending} />
    </form>
  );
}
