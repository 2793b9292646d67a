/**
 * Cancelling a reservation (`?id=`). The consequence, worked out from the venue's policy, is stated
 * before the guest confirms: free (any deposit or prepayment refunded in full) outside the venue's
 * cancellation window, a late cancellation fee inside it. The server's answer gives the new status.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { api } from '../api/api';
import { unwrap } from '../api/api-error';
import { serverClock } from '../api/server-clock';
import { useApiQuery } from '../api/use-api-query';
import { FormMessage } from '../components/form';
import { Page } from '../components/page';
import { ReadStatus } from '../components/read-status';
import { Section } from '../components/section';
import { StatusLabel } from '../components/status-label';
import { hongKongDate, hongKongMinutes } from '../domain/time';
import { useFormats } from '../i18n/use-formats';
import { cancellationTerms, type CancellationTerms } from '../manage/cancellation-terms';
import { useManageFailureText, useManageText } from '../manage/manage-text';
import { venueKey } from '../api/query-keys';
import { ReservationDetails } from '../manage/reservation-details';
import { BackToList, loadedReservation, ReservationPending } from '../manage/reservation-states';
import { useManageReservation } from '../manage/use-manage-reservation';
import type { Reservation } from '../../machines/manage.machine';
import type { PageProps } from '../navigation/routes';
import { pageAddress } from '../navigation/navigator';

export default function CancelPage({ query }: PageProps) {
  const { t } = useLingui();
  const id = query.id?.trim();
  if (!id) {
    return (
      <Page title={t`Cancel reservation`}>
        <FormMessage error={t`Reservation not found`} />
        <BackToList />
      </Page>
    );
  }
  return <CancelReservation key={id} id={id} />;
}

function CancelReservation({ id }: { id: string }) {
  const { t } = useLingui();
  const text = useManageText();
  const manage = useManageReservation(id, 'cancel');
  const [snapshot, send] = manage;
  const reservation = loadedReservation(snapshot);
  const { problem } = snapshot.context;
  const now = serverClock.now();
  const title = t`Cancel reservation`;
  if (!reservation) return <ReservationPending title={title} manage={manage} />;
  if (snapshot.matches('canceled')) {
    return (
      <Page title={title}>
        <FormMessage success={t`Your reservation has been canceled.`} />
        <p>
          <Trans>
            New status: <StatusLabel status={reservation.status} />
          </Trans>
        </p>
        <ReservationDetails reservation={reservation} now={now} />
        <BackToList />
      </Page>
    );
  }
  if (snapshot.matches('viewing')) {
    // Opened for a reservation that is not (or no longer) upcoming and confirmed.
    return (
      <Page title={title}>
        <FormMessage error={t`Only an upcoming confirmed reservation can be canceled.`} />
        <ReservationDetails reservation={reservation} now={now} />
        <BackToList />
      </Page>
    );
  }

  const sending = snapshot.matches({ cancelling: 'submitting' });
  const failed = snapshot.matches({ cancelling: 'failed' });
  return (
    <Page title={title}>
      <ReservationDetails reservation={reservation} now={now} />
      <Consequence reservation={reservation} now={now}>
        {(known) => (
          <>
            {failed && (
              <div className="form-error" role="alert">
                <p>
                  <strong>
                    <Trans>Cancellation failed</Trans>
                  </strong>
                </p>
                {problem?.message && <p>{text(problem.message)}</p>}
              </div>
            )}
            <div className="actions">
              <button
                type="button"
                className="button button--primary"
                disabled={!known || sending}
                onClick={() => send({ type: failed ? 'cancel.retry' : 'cancel.confirm' })}
              >
                {sending ? t`Canceling…` : failed ? t`Try again` : t`Cancel reservation`}
              </button>
              <a className="button" href={`#${pageAddress('order', { id: reservation._id })}`}>
                <Trans>Keep my reservation</Trans>
              </a>
            </div>
          </>
        )}
      </Consequence>
    </Page>
  );
}

/**
 * Reads the venue's policy and states the consequence; the confirm button is offered only once the
 * consequence is known (`children(known)`).
 */
function Consequence({
  reservation,
  now,
  children,
}: {
  reservation: Reservation;
  now: Date;
  children: (known: boolean) => ReactNode;
}) {
  const { t } = useLingui();
  const failure = useManageFailureText();
  const domain = reservation.venue.domain;
  // The same read (and key) as the venue pages, so it is shared rather than repeated.
  const venue = useApiQuery(venueKey(domain), () =>
    unwrap(api.GET('/public/venue/by-domain/{domain}', { params: { path: { domain } } })),
  );
  const terms = venue.status === 'ready' ? cancellationTerms(reservation, venue.data.data.policy, now) : null;
  return (
    <>
      <Section title={t`If you cancel`} card>
        <ReadStatus read={venue} loading={<Trans>Checking the venue's cancellation policy…</Trans>} failureText={failure} />
        {terms && <TermsText terms={terms} prePaymentType={reservation.payment.prePaymentType} />}
      </Section>
      {children(terms !== null)}
    </>
  );
}

function TermsText({ terms, prePaymentType }: { terms: CancellationTerms; prePaymentType: string }) {
  const format = useFormats();
  const hours = terms.windowHours;
  if (terms.kind === 'free') {
    const refund = format.money(terms.refund);
    const lateDate = format.date(hongKongDate(terms.lateFrom));
    const lateTime = format.time(hongKongMinutes(terms.lateFrom));
    return (
      <>
        <p>
          <strong>
            <Trans>Free cancellation</Trans>
          </strong>
        </p>
        <p>
          <Plural
            value={hours}
            one="You are cancelling more than # hour before your reservation, so no fee applies."
            other="You are cancelling more than # hours before your reservation, so no fee applies."
          />
        </p>
        {terms.refund > 0 &&
          (prePaymentType === 'DEPOSIT' ? (
            <p>
              <Trans>Your deposit of {refund} will be refunded in full.</Trans>
            </p>
          ) : (
            <p>
              <Trans>Your prepayment of {refund} will be refunded in full.</Trans>
            </p>
          ))}
        <p className="muted">
          <Trans>
            From {lateDate}, {lateTime} a late cancellation fee would apply.
          </Trans>
        </p>
      </>
    );
  }
  const fee = format.money(terms.fee);
  return (
    <>
      <p>
        <strong>
          <Trans>Late cancellation</Trans>
        </strong>
      </p>
      <p>
        <Plural
          value={hours}
          one="Your reservation starts within # hour, so a late cancellation fee applies."
          other="Your reservation starts within # hours, so a late cancellation fee applies."
        />
      </p>
      <p>
        {terms.rule.type === 'PER_PERSON' ? (
          <LatePerPerson fee={fee} perPerson={format.money(terms.rule.amountPerPerson)} guests={terms.rule.guests} />
        ) : (
          <LatePercentage fee={fee} percent={terms.rule.percent} paid={format.money(terms.rule.paid)} />
        )}
      </p>
      <p className="muted">
        <Trans>The reservation will show as Canceled Late.</Trans>
      </p>
    </>
  );
}

function LatePerPerson({ fee, perPerson, guests }: { fee: string; perPerson: string; guests: number }) {
  return (
    <Plural
      value={guests}
      one={`Late cancellation fee: ${fee} (${perPerson} per person for # guest).`}
      other={`Late cancellation fee: ${fee} (${perPerson} per person for # guests).`}
    />
  );
}

function LatePercentage({ fee, percent, paid }: { fee: string; percent: number; paid: string }) {
  return (
    <Trans>
      Late cancellation fee: {fee} ({percent}% of the amount paid, {paid}).
    </Trans>
  );
}
