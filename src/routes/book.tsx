/** Step 2: the date and the size of the party. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { PageProps } from '../navigation/routes';
import { BookingContext } from '../booking/booking-context';
import { BookingStep, Working } from '../booking/booking-step';
import { useStartFromQuery } from '../booking/use-start-from-query';
import { addDays } from '../../common/time';
import { useServerToday } from '../api/use-server-today';
import { useFormats } from '../i18n/use-formats';
import { MAX_PARTY_SIZE } from '../../common/venues';
import { JoinWaitlist } from '../waitlist/join-waitlist';
import { useWaitlistRequest } from '../waitlist/use-waitlist-request';
import { useClosedDayText } from '../booking/closed-day-text';
import { DaySelect } from '../components/day-select';
import { PartySizeSelect } from '../components/party-size-select';

/** How far ahead the strip of days reaches; the list of days goes up to the server's 90 days. */
const STRIP_DAYS = 14;
const BOOKABLE_DAYS = 90;

export default function BookPage({ query }: PageProps) {
  const { t } = useLingui();
  const format = useFormats();
  useStartFromQuery(query.domain);
  const booking = BookingContext.useActorRef();
  const draft = BookingContext.useSelector((s) => s.context.draft);
  // Waiting for a stored session's check is part of the search: the guest sees it under way.
  const searching = BookingContext.useSelector((s) => s.matches({ draft: 'loadingSlots' }) || s.matches({ draft: 'awaitingSession' }));
  // Nothing free for this day and party: the guest may wait for a table instead.
  const noTimeFree = BookingContext.useSelector((s) => s.context.problem?.kind === 'no-timeslot');
  const request = useWaitlistRequest();
  const waitlist = noTimeFree ? request : null;
  const today = useServerToday();
  // Today until the guest picks: the first answers may still be correcting the clock.
  const [picked, setDate] = useState(draft.date);
  const date = picked ?? today;
  const [guests, setGuests] = useState(draft.numberOfGuests);
  const strip = Array.from({ length: STRIP_DAYS }, (_, i) => addDays(today, i));
  // Days the staff closed the venue: marked in the strip, and the reason said before the guest searches.
  const closedDays = BookingContext.useSelector((s) => s.context.venue?.closedDays);
  const closedReason = new Map(closedDays?.map((day) => [day.date, day.reason]));
  const closedText = useClosedDayText();
  const pickedClosed = closedReason.get(date);

  function submit(event: FormEvent) {
    event.preventDefault();
    booking.send({ type: 'search.submit', date, numberOfGuests: guests, today });
  }

  return (
    <BookingStep title={t`Date and party size`}>
      <form onSubmit={submit} noValidate>
        <fieldset className="field">
          <legend className="field__label">
            <Trans>Date</Trans>
          </legend>
          <div className="day-strip">
            {strip.map((day, i) => (
              <label key={day} className="day-strip__day">
                <input type="radio" name="date" value={day} checked={date === day} onChange={() => setDate(day)} />
                <span className="day-strip__weekday">{format.weekday(day)}</span>
                <span className="day-strip__number">{Number(day.slice(8, 10))}</span>
                {/* The month, on the strip's first day and on the first of each month after it. */}
                {(i === 0 || day.endsWith('-01')) && <span className="day-strip__month">{format.monthOfDay(day)}</span>}
                {closedReason.has(day) && (
                  <span className="day-strip__closed">
                    <Trans>Closed</Trans>
                  </span>
                )}
              </label>
            ))}
          </div>
          {pickedClosed && (
            <p className="field__hint" role="status">
              {closedText(pickedClosed)}
            </p>
          )}
        </fieldset>
        <DaySelect id="book-date" label={t`Or pick another date`} first={today} last={addDays(today, BOOKABLE_DAYS)} value={date} onDay={setDate} />
        <PartySizeSelect id="book-guests" label={t`Party size`} sizes={Array.from({ length: MAX_PARTY_SIZE }, (_, i) => i + 1)} value={guests} onSize={setGuests}>
          <option value={MAX_PARTY_SIZE + 1}>{t`More than ${MAX_PARTY_SIZE} guests`}</option>
        </PartySizeSelect>
        {searching ? (
          <Working>
            <Trans>Finding tables…</Trans>
          </Working>
        ) : (
          <button type="submit" className="button button--primary button--block">
            <Trans>Find a table</Trans>
          </button>
        )}
      </form>
      {waitlist && <JoinWaitlist key={`${waitlist.date}:${waitlist.numberOfGuests}`} request={waitlist} />}
    </BookingStep>
  );
}
