/**
 * The steps of a set-up edit under its form: check the change, read what it would do to the book (the
 * confirmed bookings left without a table, outside the hours or over pacing, for staff to contact; none
 * is cancelled), publish it; or why it was refused, or that someone else changed it first. Every step is
 * announced in a live region and moves the focus to its heading.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { Actor } from 'xstate';
import type { setupEditMachine, SetupAffectedBooking, SetupImpactReason } from '../../../machines/setup-edit.machine';
import type { SnapshotFrom } from 'xstate';
import { useFormats } from '../../i18n/use-formats';
import { ScrollingTable } from '../scrolling-table';

interface Props {
  actor: Actor<typeof setupEditMachine>;
  snapshot: SnapshotFrom<typeof setupEditMachine>;
  /** Read the record again (after a conflict, or to edit on after a publish). */
  onReload(): void;
  /** What the check button says: 'Check the new table', say. */
  checkLabel: string;
}

function AffectedList({ affected }: { affected: readonly SetupAffectedBooking[] }) {
  const { t } = useLingui();
  const { time, date } = useFormats();
  const reasonText: Record<SetupImpactReason, string> = {
    NO_TABLE: t`No table`,
    COMBINATION_BROKEN: t`Tables joined no longer seat the party`,
    OUTSIDE_HOURS: t`Outside the hours`,
    OVER_PACING: t`Over pacing`,
    OUTSIDE_EXPERIENCE_DAYS: t`Not a day of the experience`,
    OUTSIDE_EXPERIENCE_SERVICES: t`Not a service of the experience`,
    OUTSIDE_EXPERIENCE_PARTY_SIZE: t`Party size outside the experience's`,
  };
  if (affected.length === 0) {
    return (
      <p>
        <Trans>No confirmed booking is affected.</Trans>
      </p>
    );
  }
  return (
    <ScrollingTable label={t`Bookings affected`}>
      <table className="staff-table">
        <caption>
          <Plural value={affected.length} one="# booking affected: contact the guest" other="# bookings affected: contact the guests" />
        </caption>
        <thead>
          <tr>
            <th scope="col">{t`Booking`}</th>
            <th scope="col">{t`Day`}</th>
            <th scope="col">{t`Time`}</th>
            <th scope="col">{t`Guest`}</th>
            <th scope="col">{t`Party`}</th>
            <th scope="col">{t`Why`}</th>
          </tr>
        </thead>
        <tbody>
          {affected.map((b) => (
            <tr key={b._id} data-booking={b.uniqueId}>
              <td data-label={t`Booking`}>{b.uniqueId}</td>
              <td data-label={t`Day`}>{date(b.date)}</td>
              <td data-label={t`Time`}>{time(b.startTime)}</td>
              <td data-label={t`Guest`}>{b.guestName}</td>
              <td data-label={t`Party`}>{b.numberOfGuests}</td>
              <td data-label={t`Why`}>{b.reasons.map((r) => reasonText[r]).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollingTable>
  );
}

export function SetupEditPanel({ actor, snapshot, onReload, checkLabel }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const step = String(snapshot.value);
  useEffect(() => {
    if (step !== 'draft') heading.current?.focus();
  }, [step]);
  const { impact, reasons, problem } = snapshot.context;
  return (
    <div className="setup-edit" aria-live="polite" data-step={step}>
      {problem && (
        <p className="form-error" role="alert">
          {problem === 'timeout' || problem === 'network' ? <Trans>No answer came. Nothing was saved: try again.</Trans> : problem}
        </p>
      )}
      {(step === 'draft' || step === 'checking') && (
        <button type="button" className="button" disabled={step === 'checking'} onClick={() => actor.send({ type: 'draft.check' })}>
          {checkLabel}
        </button>
      )}
      {(step === 'preview' || step === 'publishing') && (
        <section aria-labelledby="setup-preview-title">
          <h3 id="setup-preview-title" tabIndex={-1} ref={heading}>
            <Trans>What this change does to the book</Trans>
          </h3>
          <AffectedList affected={impact?.affected ?? []} />
          <p className="staff-hint">
            <Trans>Publishing cancels no booking: contact each guest listed.</Trans>
          </p>
          <button type="button" className="button" disabled={step === 'publishing'} onClick={() => actor.send({ type: 'preview.publish' })}>
            <Trans>Publish</Trans>
          </button>{' '}
          <button type="button" className="button button--secondary" onClick={() => actor.send({ type: 'preview.back' })} disabled={step === 'publishing'}>
            <Trans>Back to the change</Trans>
          </button>
        </section>
      )}
      {step === 'published' && (
        <section aria-labelledby="setup-published-title">
          <h3 id="setup-published-title" tabIndex={-1} ref={heading}>
            <Trans>Published. Guests and staff see it on their next request.</Trans>
          </h3>
          <AffectedList affected={impact?.affected ?? []} />
          <button type="button" className="button button--secondary" onClick={onReload}>
            <Trans>Make another change</Trans>
          </button>
        </section>
      )}
      {step === 'conflict' && (
        <section aria-labelledby="setup-conflict-title" role="alert">
          <h3 id="setup-conflict-title" tabIndex={-1} ref={heading}>
            <Trans>Someone else changed this first. Nothing was saved.</Trans>
          </h3>
          <button type="button" className="button" onClick={onReload}>
            <Trans>Reload and start again</Trans>
          </button>
        </section>
      )}
      {step === 'refused' && (
        <section aria-labelledby="setup-refused-title" role="alert">
          <h3 id="setup-refused-title" tabIndex={-1} ref={heading}>
            <Trans>This change cannot be saved:</Trans>
          </h3>
          <ul>
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <button type="button" className="button button--secondary" onClick={() => actor.send({ type: 'refused.mend' })}>
            <Trans>Change it</Trans>
          </button>
        </section>
      )}
    </div>
  );
}
