/** What cancelling would cost, stated from the venue's policy before the guest confirms (the cancel and manage pages). */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { manageMachine, Reservation } from '../../machines/manage.machine';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { venueKey } from '../api/query-keys';
import { useApiQuery } from '../api/use-api-query';
import { ReadStatus } from '../components/read-status';
import { Section } from '../components/section';
import { hongKongDate, hongKongMinutes } from '../../common/time';
import { useFormats } from '../i18n/use-formats';
import { cancellationTerms, type CancellationTerms } from './cancellation-terms';
import { useManageFailureText } from '../i18n/manage-text';
import { useManageProblemText } from './manage-problem-text';
import { policyOf } from '../../common/experience-policy';

/**
 * The cancellation's confirmation step of the manage chart: the consequence, 'Cancellation failed' with
 * the reason after a refusal, and the buttons to cancel (or try again) and to keep the reservation (`keep`).
 */
export function CancelConfirmation({
  manage: [snapshot, send],
  reservation,
  now,
  keep,
}: {
  manage: readonly [SnapshotFrom<typeof manageMachine>, (event: EventFrom<typeof manageMachine>) => void];
  reservation: Reservation;
  now: Date;
  keep: ReactNode;
}) {
  const { t } = useLingui();
  const problemText = useManageProblemText();
  const failure = problemText(snapshot.context.problem);
  const sending = snapshot.matches({ cancelling: 'submitting' });
  const failed = snapshot.matches({ cancelling: 'failed' });
  return (
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
              {failure && <p>{failure}</p>}
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
            {keep}
          </div>
        </>
      )}
    </Consequence>
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
  const terms =
    venue.status === 'ready'
      ? cancellationTerms(reservation, policyOf(venue.data.data, venue.data.data.experiences.find((e) => e._id === reservation.experience._id)), now)
      : null;
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
  const paid = format.money(terms.paid);
  return (
    <>
      <p>
        <strong>
          <Trans>Late cancellation</Trans>
        </strong>
      </p>
      {terms.toSavedCard ? (
        // A card guarantee: the fee goes to the card saved for the booking, as its terms said when it was saved.
        <p>
          <Trans>A late cancellation fee of {fee} will be charged to the card you saved for this reservation.</Trans>
        </p>
      ) : terms.paid === 0 ? (
        // Nothing is held, so nothing can be kept (common/late-cancellation-fee.ts): no fee is stated.
        <p>
          <Trans>Nothing was paid up front, so no late cancellation fee is charged.</Trans>
        </p>
      ) : (
        <LateFee terms={terms} fee={fee} paid={paid} />
      )}
      <p className="muted">
        <Trans>The reservation will show as Canceled Late.</Trans>
      </p>
    </>
  );
}

function LateFee({ terms, fee, paid }: { terms: Extract<CancellationTerms, { kind: 'late' }>; fee: string; paid: string }) {
  const format = useFormats();
  const hours = terms.windowHours;
  return (
    <>
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
          <LatePercentage fee={fee} percent={terms.rule.percent} paid={paid} />
        )}
      </p>
      {terms.rule.type === 'PER_PERSON' && terms.fee < terms.rule.amountPerPerson * terms.rule.guests && (
        // The club keeps only what it holds (common/late-cancellation-fee.ts): said, so the sum above adds up.
        <p>
          <Trans>The fee is never more than what you paid ({paid}).</Trans>
        </p>
      )}
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
