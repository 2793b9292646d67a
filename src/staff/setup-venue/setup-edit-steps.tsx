/**
 * The steps of one set-up edit (machines/setup-edit.machine.ts) under a form: check, the preview of what
 * publishing would do (the bookings to contact, never cancelled), publish, and the conflict, refusal or
 * problem in words. Announced in a live region, so a screen reader hears each step's outcome.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { setupEditMachine, SetupEditEvent } from '../../../machines/setup-edit.machine';
import { formatTime } from '../../../common/time';

type Snapshot = SnapshotFrom<typeof setupEditMachine>;

export function SetupEditSteps({ snapshot, send, onReload }: { snapshot: Snapshot; send: (event: SetupEditEvent) => void; onReload: () => void }) {
  const { t } = useLingui();
  const { impact, reasons, problem } = snapshot.context;
  const affected = impact?.affected ?? [];
  return (
    <div aria-live="polite">
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {snapshot.matches('draft') && (
        <div className="actions">
          <button type="submit" className="button button--primary button--block">
            {t`Check the change`}
          </button>
        </div>
      )}
      {snapshot.matches('checking') && <p role="status">{t`Checking…`}</p>}
      {(snapshot.matches('preview') || snapshot.matches('publishing') || snapshot.matches('published')) && (
        <div className="setup-preview">
          {affected.length === 0 ? (
            <p>{snapshot.matches('published') ? t`Published. No booking is affected.` : t`No confirmed booking is affected.`}</p>
          ) : (
            <>
              <p>
                {snapshot.matches('published')
                  ? t`Published. These bookings stay as they are; please contact the guests:`
                  : t`Publishing keeps these bookings as they are; contact the guests:`}
              </p>
              <ul>
                {affected.map((b) => (
                  <li key={b._id}>
                    {b.uniqueId} · {b.date} {formatTime(b.startTime)} · {b.guestName} · {b.numberOfGuests}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {snapshot.matches('preview') && (
        <div className="actions">
          <button type="button" className="button" onClick={() => send({ type: 'preview.back' })}>
            {t`Back to editing`}
          </button>
          <button type="button" className="button button--primary" onClick={() => send({ type: 'preview.publish' })}>
            {t`Publish`}
          </button>
        </div>
      )}
      {snapshot.matches('publishing') && <p role="status">{t`Publishing…`}</p>}
      {(snapshot.matches('published') || snapshot.matches('conflict')) && (
        <>
          {snapshot.matches('conflict') && (
            <p className="form-error" role="alert">
              <Trans>Someone else changed this first. Nothing was saved: reload it and make your change again.</Trans>
            </p>
          )}
          <div className="actions">
            <button type="button" className="button" onClick={onReload}>
              {t`Reload`}
            </button>
          </div>
        </>
      )}
      {snapshot.matches('refused') && (
        <>
          <ul className="form-error" role="alert">
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <button type="button" className="button" onClick={() => send({ type: 'refused.mend' })}>
            {t`Back to editing`}
          </button>
        </>
      )}
    </div>
  );
}
