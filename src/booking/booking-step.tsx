/**
 * The frame of every wizard page: its heading, the hold's countdown while a table is held, what was
 * chosen so far, and what went wrong on this step. Before a booking has started it offers a start.
 */
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Problem } from '../../machines/booking/booking.machine';
import { HoldCountdownOf } from '../components/hold-countdown';
import { Page } from '../components/page';
import { href } from '../navigation/navigator';
import { BookingContext } from './booking-context';
import { BookingSummary } from './booking-summary';
import { useProblemDetail, useProblemText } from './problem-text';
import { useIdentitySelector } from './use-guest-identity';

export function BookingStep({
  title,
  lead,
  children,
  summary = true,
  problem: stepProblem,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  summary?: boolean;
  /** What went wrong in a chart the step runs (the phone verification's), shown where the booking's own would be. */
  problem?: Problem | null;
}) {
  const idle = BookingContext.useSelector((s) => s.matches('idle'));
  const holding = BookingContext.useSelector((s) => s.matches('holding'));
  // A table is being held, or given up on the way back to this step (neither has a page of its own): the
  // step's choices wait for the answer.
  const releasing = BookingContext.useSelector((s) => s.matches({ draft: 'creating' }) || s.matches('releasing'));
  const bookingProblem = BookingContext.useSelector((s) => s.context.problem);
  // While the visitor identifies, the guest-identity chart's (a refused guest session); else the booking's.
  const identityProblem = useIdentitySelector((s) => s?.context.problem);
  const alert = <ProblemAlert problem={stepProblem ?? identityProblem ?? bookingProblem} />;

  if (idle) {
    return (
      <Page title={title}>
        {alert}
        <p>
          <Trans>Choose a venue to start your booking.</Trans>
        </p>
        <a className="button button--primary" href={href('book-now')}>
          <Trans>Book now</Trans>
        </a>
      </Page>
    );
  }
  return (
    <Page title={title} lead={lead}>
      {holding && <HoldCountdown />}
      {summary && <BookingSummary />}
      <div aria-live="assertive">{alert}</div>
      {releasing ? (
        <Working>
          <Trans>One moment…</Trans>
        </Working>
      ) : (
        children
      )}
    </Page>
  );
}

/** The booking's hold, on every held step of the booking. */
function HoldCountdown() {
  const expiresAt = BookingContext.useSelector((s) => s.context.reservation?.holdExpiresAt ?? null);
  const offset = BookingContext.useSelector((s) => s.context.clockOffsetMs);
  return <HoldCountdownOf expiresAt={expiresAt} offset={offset} />;
}

/** What went wrong on this step, and after 'Reservation failed' why, on a line of its own. */
function ProblemAlert({ problem }: { problem: Problem | null }) {
  const text = useProblemText()(problem);
  const detail = useProblemDetail()(problem);
  if (!text) return null;
  return (
    <p className="form-error" role="alert">
      {text}
      {detail && (
        <>
          <br />
          {detail}
        </>
      )}
    </p>
  );
}

/** A quiet line while the chart waits on the server. */
export function Working({ children }: { children: ReactNode }) {
  return (
    <p className="muted" role="status">
      {children}
    </p>
  );
}
