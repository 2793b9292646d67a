/**
 * Moving a booking (from the table plan, or any staff page that lists one, such as the day sheet:
 * `<MoveDialog booking={…} venueId={…} onClose onMoved />`): a new day, time or table. The
 * server re-checks the table atomically and mails the guest; a table taken meanwhile is refused in words.
 */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import { FormMessage, SelectField, SubmitButton, TextField } from '../../components/form';
import { staffTablePlanKey } from '../../api/query-keys';
import { useApiQuery } from '../../api/use-api-query';
import { useSubmission } from '../../components/use-submission';
import { clockTimeOf, serviceMinutesOf } from '../../../common/service-day';
import { serviceDateTime } from '../../../common/time';
import { loadTablePlan, moveBooking, type MoveBody, quoteMove, type ChangeQuote } from './book-calls';
import { useFormats } from '../../i18n/use-formats';
import { StaffDialog } from './staff-dialog';
import { CombinationOptions, tableChoice, useTableCombinations } from './table-choice';

export interface MovableBooking {
  _id: string;
  uniqueId: string;
  date: string;
  startTime: number;
  numberOfGuests: number;
}

export function MoveDialog({
  booking,
  venueId,
  onClose,
  onMoved,
}: {
  booking: MovableBooking;
  venueId: string;
  onClose: () => void;
  /** Called with what to tell staff once the change is made. */
  onMoved: (message: string) => void;
}) {
  const { t } = useLingui();
  const submission = useSubmission();
  const [date, setDate] = useState(booking.date);
  const [time, setTime] = useState(clockTimeOf(booking.startTime));
  const [tableId, setTableId] = useState('');
  const [guests, setGuests] = useState(booking.numberOfGuests);
  const { money } = useFormats();
  // The venue's tables, as they stand at the booking's time, to offer those that seat the party.
  // (The same read as the plan's at that time: the cache answers it when the plan page has it.)
  const at = serviceDateTime(booking.date, booking.startTime);
  const plan = useApiQuery(staffTablePlanKey(venueId, at), () => loadTablePlan(venueId, at), { showError: false });
  const tables = (plan.status === 'ready' ? plan.data.areas : []).flatMap((area) =>
    area.tables.filter((table) => table.minGuests <= guests && guests <= table.maxGuests).map((table) => ({ ...table, area: area.name })),
  );

  const combinations = useTableCombinations(venueId, guests);
  const startTime = serviceMinutesOf(time);
  const body: MoveBody = {
    ...(date !== booking.date ? { date } : {}),
    ...(startTime !== null && startTime !== booking.startTime ? { startTime } : {}),
    ...tableChoice(tableId),
    ...(guests !== booking.numberOfGuests ? { numberOfGuests: guests } : {}),
  };
  // What the move would cost, asked of the server before staff save (nothing is saved): the difference is owed at the venue.
  const [quote, setQuote] = useState<{ id: string; quote: ChangeQuote } | null>(null);
  const quoteId = JSON.stringify(body);
  useEffect(() => {
    if (quoteId === '{}') return;
    let live = true;
    quoteMove(booking._id, JSON.parse(quoteId) as MoveBody).then(
      (q) => live && setQuote({ id: quoteId, quote: q }),
      () => live && setQuote(null),
    );
    return () => {
      live = false;
    };
  }, [booking._id, quoteId]);
  const quoted = quote && quote.id === quoteId ? quote.quote : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    void submission.onSubmit(
      () => body,
      async (changes) => {
        const moved = await moveBooking(booking._id, changes);
        const reference = moved.uniqueId;
        const message = t`Booking ${reference} moved.`;
        onMoved(message);
        return message;
      },
    )(event);
  }

  const reference = booking.uniqueId;
  return (
    <StaffDialog title={t`Move booking ${reference}`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p className="muted">
          {plural(guests, { one: '# guest', other: '# guests' })}. {t`The guest is e-mailed the booking as it then stands.`}
        </p>
        <TextField label={t`Date`} type="date" value={date} required onChange={(e) => setDate(e.target.value)} />
        <TextField label={t`Time`} type="time" value={time} required onChange={(e) => setTime(e.target.value)} />
        <SelectField label={t`Guests`} value={String(guests)} onChange={(e) => setGuests(Number(e.target.value))}>
          {Array.from({ length: Math.max(20, booking.numberOfGuests) }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        <SelectField label={t`Table`} value={tableId} onChange={(e) => setTableId(e.target.value)}>
          <option value="">{t`Any free table that seats the party`}</option>
          {tables.map((table) => (
            <option key={table._id} value={table._id}>{`${table.name} · ${table.area} (${table.minGuests}–${table.maxGuests})`}</option>
          ))}
          <CombinationOptions combinations={combinations} />
        </SelectField>
        {quoted && (quoted.amountDue > 0 || quoted.paid > 0) && (
          <p role="status">
            {quoted.difference > 0
              ? t`Amount due ${money(quoted.amountDue)}; paid ${money(quoted.paid)}. The guest will owe ${money(quoted.difference)} more, payable at the venue.`
              : quoted.difference < 0
                ? t`Amount due ${money(quoted.amountDue)}; paid ${money(quoted.paid)}. ${money(-quoted.difference)} less: it comes back as the cancellation policy allows.`
                : t`Amount due ${money(quoted.amountDue)}; paid ${money(quoted.paid)}. No difference.`}
          </p>
        )}
        <FormMessage error={submission.error} />
        <SubmitButton label={t`Move booking`} busyLabel={t`Moving…`} busy={submission.sending} />
      </form>
    </StaffDialog>
  );
}
