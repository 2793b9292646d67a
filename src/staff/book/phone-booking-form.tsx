/**
 * A booking taken by phone: the guest by e-mail or mobile (an account is found, or made for a new guest
 * from the e-mail), the experience, day, time and party, and optionally the area or table. The booking is
 * confirmed at once; any deposit or prepayment is owed and paid at the venue; the guest is mailed the
 * confirmation with the manage link. The guest's requests and the staff notes are two fields: only the
 * first reaches the guest (docs/decisions/0034-staff-notes.md).
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { FormMessage, SelectField, SubmitButton, TextAreaField, TextField } from '../../components/form';
import { useSubmission } from '../../components/use-submission';
import { LOCALES } from '../../../common/locales';
import { LANGUAGE_NAMES } from '../../i18n/i18n';
import { serviceMinutesOf } from '../../../common/service-day';
import { STAFF_MAX_GUESTS } from '../../../common/validation/staff-booking-validation';
import { WhyNotPanel } from '../why-not/why-not-panel';
import { takePhoneBooking, type PhoneBookingBody, type TablePlan, type VenueDetail } from './book-calls';
import { CombinationOptions, tableChoice, useTableCombinations } from './table-choice';
import { useNoteLabels } from './note-labels';
import { GuestSuggestions, suggestionQuery, type GuestHit } from './guest-suggestions';

/** `time` is the table plan's: a host looking at 13:00 takes the call for 13:00. */
export function PhoneBookingForm({
  venue,
  plan,
  date,
  time,
  onBooked,
}: {
  venue: VenueDetail;
  plan: TablePlan | null;
  date: string;
  time: string;
  onBooked: (message: string) => void;
}) {
  const { t } = useLingui();
  const labels = useNoteLabels();
  const submission = useSubmission();
  // The "Why not?" for the time asked: opened below the booking's fields, with their values then.
  const [whyNot, setWhyNot] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({
    experienceId: venue.experiences[0]?._id ?? '',
    date,
    time,
    numberOfGuests: '2',
    seatingAreaId: '',
    tableId: '',
    email: '',
    mobileCountryCode: '852',
    mobileNumber: '',
    firstName: '',
    lastName: '',
    notes: '',
    staffNotes: '',
    locale: 'en',
  });
  const field = (name: string) => ({ name, value: values[name] ?? '', onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })) });
  // A guest chosen from the book fills the guest's fields; typing in them again offers matches again.
  const [chosen, setChosen] = useState<string | null>(null);
  const choose = (guest: GuestHit) => {
    const [code, ...digits] = (guest.mobile ?? '').replace(/^\+/, '').split(' ');
    setValues((v) => ({
      ...v,
      firstName: guest.firstName,
      lastName: guest.lastName,
      email: guest.email ?? '',
      mobileCountryCode: guest.mobile ? (code ?? '') : v.mobileCountryCode!,
      mobileNumber: guest.mobile ? digits.join('') : '',
    }));
    setChosen(suggestionQuery([guest.firstName, guest.lastName, guest.mobile ? digits.join('') : '']));
  };
  const typed = suggestionQuery([values.firstName ?? '', values.lastName ?? '', values.mobileNumber ?? '']);
  const fieldError = (name: string) => (submission.outcome?.kind === 'failed' && (submission.outcome.error as { field?: string })?.field === name ? submission.error ?? undefined : undefined);

  function submit(event: FormEvent) {
    const body: PhoneBookingBody = {
      venueId: venue._id,
      experienceId: values.experienceId!,
      date: values.date!,
      startTime: serviceMinutesOf(values.time!) ?? -1,
      numberOfGuests: Number(values.numberOfGuests),
      ...(values.seatingAreaId ? { seatingAreaId: values.seatingAreaId } : {}),
      ...tableChoice(values.tableId ?? ''),
      email: values.email || null,
      mobileCountryCode: values.mobileCountryCode || null,
      mobileNumber: values.mobileNumber || null,
      firstName: values.firstName!,
      lastName: values.lastName!,
      notes: values.notes || null,
      staffNotes: values.staffNotes || null,
      locale: values.locale as PhoneBookingBody['locale'],
    };
    submission.onSubmit(
      () => body,
      async (request) => {
        const reference = (await takePhoneBooking(request)).uniqueId;
        // A guest known by mobile only is mailed nothing: the host reads the reference out.
        const message = request.email
          ? t`Booked and confirmed: ${reference}. The guest has been e-mailed the confirmation.`
          : t`Booked and confirmed: ${reference}. No e-mail was given: tell the guest the reference.`;
        onBooked(message);
        return message;
      },
    )(event);
  }

  const tables = plan?.areas.flatMap((area) => area.tables.map((table) => ({ ...table, area: area.name }))) ?? [];
  const combinations = useTableCombinations(venue._id, Number(values.numberOfGuests));
  return (
    <form onSubmit={submit} noValidate className="staff-form" aria-label={t`Phone booking`}>
      <fieldset>
        <legend>{t`Booking`}</legend>
        <SelectField label={t`Experience`} {...field('experienceId')}>
          {venue.experiences.map((e) => (
            <option key={e._id} value={e._id}>
              {e.name}
            </option>
          ))}
        </SelectField>
        <TextField label={t`Date`} type="date" required {...field('date')} />
        <TextField label={t`Time`} type="time" required {...field('time')} error={fieldError('startTime')} />
        <TextField label={t`Guests`} type="number" min={1} max={STAFF_MAX_GUESTS} required {...field('numberOfGuests')} error={fieldError('numberOfGuests')} />
        <button type="button" className="button" aria-expanded={whyNot} onClick={() => setWhyNot((open) => !open)}>
          {t`Why not?`}
        </button>
        {whyNot && (
          <WhyNotPanel
            venueId={venue._id}
            experiences={venue.experiences}
            initial={{ date: values.date!, time: values.time!, guests: values.numberOfGuests!, experienceId: values.experienceId }}
            title={t`Why is this time not offered?`}
          />
        )}
        <SelectField label={t`Dining area`} {...field('seatingAreaId')}>
          <option value="">{t`Any dining area`}</option>
          {venue.seatingAreas.map((a) => (
            <option key={a._id} value={a._id}>
              {a.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t`Table`} {...field('tableId')} error={fieldError('tableId') ?? fieldError('tableIds')}>
          <option value="">{t`Any free table that seats the party`}</option>
          {tables.map((table) => (
            <option key={table._id} value={table._id}>{`${table.name} · ${table.area} (${table.minGuests}–${table.maxGuests})`}</option>
          ))}
          <CombinationOptions combinations={combinations} />
        </SelectField>
      </fieldset>
      <fieldset>
        <legend>{t`Guest`}</legend>
        <TextField label={t`First name`} required {...field('firstName')} error={fieldError('firstName')} />
        <TextField label={t`Last name`} required {...field('lastName')} error={fieldError('lastName')} />
        <TextField label={t`Country code`} inputMode="numeric" {...field('mobileCountryCode')} error={fieldError('mobileCountryCode')} />
        <TextField label={t`Mobile number`} type="tel" {...field('mobileNumber')} error={fieldError('mobileNumber')} />
        {typed !== chosen && <GuestSuggestions typed={typed} onChoose={choose} />}
        <TextField
          label={t`E-mail (optional)`}
          type="email"
          autoComplete="off"
          {...field('email')}
          error={fieldError('email')}
          hint={t`The confirmation goes here. Without it, a name and a mobile number are enough: the guest is found again by the number.`}
        />
        <TextAreaField label={labels.guestRequests} hint={labels.guestRequestsHint} {...field('notes')} error={fieldError('notes')} />
        <TextAreaField label={labels.staffNotes} hint={labels.staffNotesHint} {...field('staffNotes')} error={fieldError('staffNotes')} />
        <SelectField label={t`Language of the guest's e-mails`} {...field('locale')}>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LANGUAGE_NAMES[locale]}
            </option>
          ))}
        </SelectField>
      </fieldset>
      <p className="muted">{t`No card is taken by phone: a deposit or prepayment is owed, and the guest is sent a link to pay it by e-mail and SMS (or at the venue).`}</p>
      <FormMessage error={submission.error} success={submission.success} />
      <SubmitButton label={t`Book and confirm`} busyLabel={t`Booking…`} busy={submission.sending} />
    </form>
  );
}
