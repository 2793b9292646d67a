/**
 * The day sheet: a venue's day by service and seating, the covers per quarter hour and per service, and
 * each booking with its guest, visits, table, status, payment and notes, and the visit's buttons (and a
 * no-show's "Charge the card again" while its fee is owed). It follows the venue's live stream: a booking
 * made, changed, cancelled or charged anywhere shows without a reload, and a polite live region says the
 * sheet changed.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { useCallback, useState } from 'react';
import type { components } from '../../common/api/schema';
import { venueKey } from '../api/query-keys';
import { shownAnswer, useApiQuery } from '../api/use-api-query';
import { LoadFailure, Loading } from '../components/read-status';
import { AWAITING_PAYMENT, useStatusText } from '../components/status-label';
import type { Venue } from '../../common/venues';
import { useGuestRequestText } from '../i18n/guest-request-text';
import { useFailureText } from '../i18n/message-text';
import { useFormats } from '../i18n/use-formats';
import { loadVenueAnswer } from './book/book-calls';
import { useDaySheet, type DaySheet, type SheetBooking } from './use-day-sheet';
import { useVenueEvents, type VenueEvent } from './use-venue-events';
import { VisitActions } from './visit-actions';
import type { VisitNotice } from './book-change';
import { PaidAtVenue } from './paid-at-venue';
import { PayLinkActions, PayLinkLine } from './pay-link-status';
import { ChargeCardAgain, useCardChargeLine } from './no-show-card-charge';
import { MoveBookingButton } from './book/move-booking-button';
import { EditNotesButton } from './book/notes-dialog';
import { useNoteLabels } from './book/note-labels';
import { WhyNotButton } from './why-not/why-not-button';
import { ScrollingTable } from './scrolling-table';
import { GuestAlerts } from './guests/guest-alerts';
import { href } from '../navigation/navigator';
import { policyOf } from '../../common/experience-policy';
import { ReconfirmationLine } from './reconfirmation/reconfirmation-line';

type VenuePolicy = components['schemas']['VenuePolicy'];
/** The venue's policy and its experiences' own, as the venue's answer gives them. */
type Policies = { policy: VenuePolicy; experiences: { _id: string; policy?: VenuePolicy | null }[] };

/** A booking's policy: its experience's own, else the venue's (common/experience-policy.ts). */
const bookingPolicyOf = (venue: Policies, experienceId: string | undefined) => policyOf(venue, venue.experiences.find((e) => e._id === experienceId));

const VISIT_LABELS = { arrived: msg`Arrived`, seated: msg`Seated`, finished: msg`Finished` } as const;

function useBookingStatus() {
  const { i18n } = useLinguiCore();
  const statusText = useStatusText();
  return (b: SheetBooking): string => {
    if (b.visitState === 'arrived' || b.visitState === 'seated' || b.visitState === 'finished') return i18n._(VISIT_LABELS[b.visitState]);
    const held = b.status === 'PENDING' && b.payment.type !== 'NONE' && b.payment.amountDue > 0;
    return statusText(held ? AWAITING_PAYMENT : b.status);
  };
}

function PaymentCell({ payment, status }: { payment: SheetBooking['payment']; status: SheetBooking['status'] }) {
  const { t } = useLingui();
  const { money } = useFormats();
  const cardLine = useCardChargeLine();
  const lines: string[] = [];
  if (payment.paid > 0) lines.push(payment.type === 'PREPAYMENT' ? t`Prepayment paid ${money(payment.paid)}` : t`Deposit paid ${money(payment.paid)}`);
  else if (payment.type !== 'NONE' && payment.amountDue > 0 && payment.paidAtVenue < payment.amountDue) lines.push(payment.type === 'PREPAYMENT' ? t`Prepayment due ${money(payment.amountDue)}` : t`Deposit due ${money(payment.amountDue)}`);
  if (payment.refunded > 0) lines.push(t`Refunded ${money(payment.refunded)}`);
  // A card guarantee (docs/decisions/0035-card-guarantee.md): nothing paid, a card kept for the fee.
  const guarantee = payment.guarantee;
  const last4 = guarantee?.last4;
  if (guarantee?.status === 'SAVED') lines.push(last4 ? t`Card on file (guaranteed) ····${last4}` : t`Card on file (guaranteed)`);
  else if (guarantee) lines.push(t`Card guarantee: no card saved yet`);
  // What staff let the guest owe (a phone booking's, a staff change's difference) and what the venue took for it.
  if (payment.owed > 0 && payment.paid > 0) lines.push(t`Owed at the venue ${money(payment.owed)}`);
  if (payment.paidAtVenue > 0) lines.push(t`Paid at the venue ${money(payment.paidAtVenue)}`);
  const fee = payment.noShow;
  if (fee?.noCardOnFile && fee.kept === 0) lines.push(t`No card on file: fee not charged`);
  else if (fee) {
    lines.push(status === 'LATE_CANCELED' ? t`Late cancellation fee ${money(fee.fee)}` : t`No-show fee ${money(fee.fee)}`);
    if (fee.charged > 0) lines.push(t`Fee charged ${money(fee.charged)}`);
    if (fee.outstanding > 0) lines.push(t`Fee outstanding ${money(fee.outstanding)}`);
    const card = cardLine(fee);
    if (card) lines.push(card);
  }
  if (lines.length === 0) lines.push(t`No payment`);
  return (
    <>
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </>
  );
}

/** The guest's answer to the reminder's allergy question, when they gave one. */
function AllergyAnswer({ booking }: { booking: SheetBooking }) {
  const { t } = useLingui();
  if (!booking.allergiesConfirmedAt) return null;
  const answer = booking.allergiesAnswer ?? '';
  return <div className="staff-allergies">{answer === '' ? t`Guest confirmed: no allergies` : t`Guest confirmed allergies: ${answer}`}</div>;
}

function NotesCell({ booking, onDone }: { booking: SheetBooking; onDone(notice: VisitNotice): void }) {
  const requests = useGuestRequestText();
  const labels = useNoteLabels();
  const occasion = requests.occasionLine(booking);
  const dietary = requests.dietaryLine(booking);
  return (
    <>
      {occasion && <div>{occasion}</div>}
      {dietary && <div>{dietary}</div>}
      <AllergyAnswer booking={booking} />
      {booking.notes && (
        <div className="staff-pre">
          <strong>{labels.guestRequests}:</strong> {booking.notes}
        </div>
      )}
      {booking.staffNotes && (
        <div className="staff-pre">
          <strong>{labels.staffNotes}:</strong> {booking.staffNotes}
        </div>
      )}
      <EditNotesButton booking={booking} onSaved={(text) => onDone({ tone: 'ok', text })} />
    </>
  );
}

function BookingRow({ booking, venueId, date, policies, onDone }: { booking: SheetBooking; venueId: string; date: string; policies: Policies | null; onDone(notice: VisitNotice): void }) {
  const { t } = useLingui();
  const { time } = useFormats();
  const status = useBookingStatus();
  return (
    <tr data-booking={booking.uniqueId}>
      <td data-label={t`Time`}>{time(booking.startTime)}</td>
      <td data-label={t`Party`}>{booking.numberOfGuests}</td>
      <td data-label={t`Guest`}>
        <strong>{booking.guestId ? <a href={href('staff-guest', { id: booking.guestId })}>{booking.guestName}</a> : booking.guestName}</strong>{' '}
        <span className="staff-badge">{booking.guestType === 'member' ? t`Member` : t`Guest`}</span>
        {booking.mobile && <div className="muted">{booking.mobile}</div>}
        <GuestAlerts alerts={booking.guestAlerts} />
      </td>
      <td data-label={t`Visits`}>
        {/* A walk-in (null) is no known guest: there is no count to show. */}
        {booking.visitCount === null ? null : booking.visitCount === 0 ? t`First visit` : <Plural value={booking.visitCount} one="# earlier visit" other="# earlier visits" />}
      </td>
      <td data-label={t`Table`}>
        {booking.seatingArea ? `${booking.seatingArea.name} · ${booking.table.name}` : booking.table.name}
      </td>
      <td data-label={t`Status`}>
        {status(booking)}
        <ReconfirmationLine booking={booking} date={date} />
      </td>
      <td data-label={t`Payment`}>
        <PaymentCell payment={booking.payment} status={booking.status} />
        <PayLinkLine link={booking.payLink} />
      </td>
      <td data-label={t`Notes`}>
        <NotesCell booking={booking} onDone={onDone} />
      </td>
      <td data-label={t`Actions`}>
        <VisitActions booking={booking} date={date} policy={policies && bookingPolicyOf(policies, booking.experienceId)} onDone={onDone} />
        <ChargeCardAgain booking={booking} onDone={onDone} />
        <PaidAtVenue booking={booking} onDone={onDone} />
        <PayLinkActions booking={{ ...booking, awaitingPayment: booking.status === 'CONFIRMED' && (booking.payment.owed > 0 || booking.payLink?.asks === 'GUARANTEE') && !booking.visitStatus }} onDone={onDone} />
        <MoveBookingButton booking={{ ...booking, _id: booking.id, date }} venueId={venueId} onMoved={(text) => onDone({ tone: 'ok', text })} />
      </td>
    </tr>
  );
}

function ServiceTable({ service, venueId, date, policies, onDone }: { service: DaySheet['services'][number]; venueId: string; date: string; policies: Policies | null; onDone(notice: VisitNotice): void }) {
  const { t } = useLingui();
  const { time } = useFormats();
  const name = service.name ?? t`Outside the service hours`;
  return (
    <section aria-label={name} className="staff-service">
      <h2>
        {name}{' '}
        <span className="muted">
          · <Plural value={service.covers} one="# cover" other="# covers" /> ·{' '}
          <Plural value={service.bookings} one="# booking" other="# bookings" />
        </span>
      </h2>
      <ScrollingTable>
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">{t`Time`}</th>
              <th scope="col">{t`Party`}</th>
              <th scope="col">{t`Guest`}</th>
              <th scope="col">{t`Visits`}</th>
              <th scope="col">{t`Table`}</th>
              <th scope="col">{t`Status`}</th>
              <th scope="col">{t`Payment`}</th>
              <th scope="col">{t`Notes`}</th>
              <th scope="col">{t`Actions`}</th>
            </tr>
          </thead>
          {service.seatings.map((seating) => (
            <tbody key={seating.startTime}>
              <tr className="staff-seating">
                <th scope="rowgroup" colSpan={9}>
                  {time(seating.startTime)} · <Plural value={seating.covers} one="# cover" other="# covers" />
                </th>
              </tr>
              {seating.bookings.map((booking) => (
                <BookingRow key={booking.id} booking={booking} venueId={venueId} date={date} policies={policies} onDone={onDone} />
              ))}
            </tbody>
          ))}
        </table>
      </ScrollingTable>
    </section>
  );
}

function CoverTotals({ sheet }: { sheet: DaySheet }) {
  const { t } = useLingui();
  const { time } = useFormats();
  return (
    <section aria-label={t`Covers`}>
      <p>
        <strong>
          <Plural value={sheet.totals.covers} one="# cover" other="# covers" />
        </strong>{' '}
        · <Plural value={sheet.totals.bookings} one="# booking" other="# bookings" />
      </p>
      {sheet.coversPerQuarterHour.length > 0 && (
        <>
          <h2>{t`Covers per 15 minutes`}</h2>
          <ul className="staff-totals">
            {sheet.coversPerQuarterHour.map((q) => (
              <li key={q.startTime}>
                {time(q.startTime)}: <Plural value={q.covers} one="# cover" other="# covers" />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function DaySheetView({ venue, date }: { venue: Venue; date: string }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const sheetRead = useDaySheet(venue.value, date);
  const sheet = shownAnswer(sheetRead);
  const refetch = sheetRead.reload;
  const [notice, setNotice] = useState<VisitNotice | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The venue's policy, to state a cancellation's refund before staff confirm it: the same read of the venue
  // as the table plan's and the guest pages'.
  const venueRead = useApiQuery(venueKey(venue.domain), () => loadVenueAnswer(venue.domain));
  const onChange = useCallback(
    (event: VenueEvent) => {
      if (event.date !== date) return;
      refetch();
      setAnnouncement(t`The sheet has been updated.`);
    },
    [date, refetch, t],
  );
  useVenueEvents(venue.value, { onReady: refetch, onChange });
  const onDone = useCallback(
    (done: VisitNotice) => {
      setNotice(done);
      // A refusal means the booking moved on elsewhere: the sheet is read again to show it as it stands.
      refetch();
    },
    [refetch],
  );

  const failure = sheetRead.status === 'error' && <LoadFailure message={failureText(sheetRead.error)} retry={refetch} />;
  if (!sheet) return failure || <Loading>{t`Loading the day sheet…`}</Loading>;
  const empty = sheet.services.length === 0;
  return (
    <div className="staff-sheet">
      {/* A failed re-read: the sheet below is as last read, and the host is told so. */}
      {failure}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {notice && (
        <p className={notice.tone === 'ok' ? 'form-success' : 'form-error'} role={notice.tone === 'ok' ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      <CoverTotals sheet={sheet} />
      {/* Why a party is not offered a time that day; the evening to start with, as the table plan's. */}
      <WhyNotButton
        venueId={venue.value}
        experiences={venueRead.status === 'ready' ? venueRead.data.data.experiences : []}
        initial={{ date, time: '19:00', guests: '2', experienceId: venueRead.status === 'ready' ? venueRead.data.data.experiences[0]?._id : undefined }}
      />
      {empty ? (
        <p className="muted">
          <Trans>No bookings on this day.</Trans>
        </p>
      ) : (
        sheet.services.map((service) => (
          <ServiceTable
            venueId={venue.value}
            key={`${service.name}-${service.startTime}`}
            service={service}
            date={date}
            policies={venueRead.status === 'ready' ? venueRead.data.data : null}
            onDone={onDone}
          />
        ))
      )}
    </div>
  );
}
