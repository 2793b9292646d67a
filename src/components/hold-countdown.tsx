/**
 * A hold's countdown, shown on every held step of a booking or a change: 15:00 down to 0:00 on the server's
 * clock, announced politely to screen readers at a few milestones rather than every second.
 */
import { plural } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { serverTime } from '../../common/api/server-time';

/** Minutes left at which the countdown speaks. */
const MILESTONES = [10, 5, 2, 1];

export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, '0')}`;
}

/** A hold running out at `expiresAt` (ISO), read on the server's clock (`offset`: server minus device time). */
export function HoldCountdownOf({ expiresAt, offset }: { expiresAt: string | null; offset: number }) {
  const secondsLeft = () => (expiresAt ? (Date.parse(expiresAt) - serverTime(offset)) / 1000 : 0);
  const [seconds, setSeconds] = useState(secondsLeft);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const tick = () => {
      const left = secondsLeft();
      setSeconds(left);
      const minutes = Math.ceil(left / 60);
      if (MILESTONES.includes(minutes) && Math.abs(left - minutes * 60) < 1) {
        // A plural, not '{minutes} minutes': the last milestone is one minute.
        setAnnouncement(
          plural(minutes, {
            one: '# minute left to complete your reservation',
            other: '# minutes left to complete your reservation',
          }),
        );
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
    // secondsLeft reads only the two values below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expiresAt, offset]);

  if (!expiresAt) return null;
  return (
    <div className="hold">
      <p className="hold__line">
        <Trans>
          Your table is held for <strong className="hold__time">{formatCountdown(seconds)}</strong>
        </Trans>
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
