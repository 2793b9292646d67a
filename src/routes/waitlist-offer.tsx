/**
 * The link of a waitlist offer's mail: reads the hold the server made for the guest and hands it to the
 * booking chart, which goes on at the details step as with any hold (details, policies, payment). An
 * offer that has ended (booked, given up or run out) says so.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { serverClock } from '../api/server-clock';
import { fetchVenue } from '../booking/booking-actors';
import { BookingContext } from '../booking/booking-context';
import { Page } from '../components/page';
import { PageLink } from '../components/page-link';
import { Loading, LoadFailure } from '../components/read-status';
import { useFailureText } from '../i18n/message-text';
import { navigateHash } from '../navigation/hash-location';
import type { PageProps } from '../navigation/routes';

type Opening = { kind: 'loading' } | { kind: 'ended' } | { kind: 'failed'; error: unknown };

export default function WaitlistOfferPage({ query }: PageProps) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const booking = BookingContext.useActorRef();
  const id = query.reservation?.trim() ?? '';
  const [opening, setOpening] = useState<Opening>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    if (!/^[0-9a-f]{24}$/.test(id)) return setOpening({ kind: 'ended' });
    setOpening({ kind: 'loading' });
    (async () => {
      const { data: reservation } = await unwrap(api.GET('/user/reservation/{id}', { params: { path: { id } } }));
      // The answer's Date header has just set the clock: judge and count down on the server's time.
      const clockOffsetMs = serverClock.offsetMs;
      const held = reservation.status === 'PENDING' && reservation.holdExpiresAt !== null && Date.parse(reservation.holdExpiresAt) > serverClock.now().getTime();
      if (!held) return live && setOpening({ kind: 'ended' });
      const venue = await fetchVenue(reservation.venue.domain);
      if (!live) return;
      booking.send({ type: 'hold.take', venue, reservation, clockOffsetMs });
      navigateHash('/pages/profile', { replace: true });
    })().catch((error: unknown) => live && setOpening({ kind: 'failed', error }));
    return () => {
      live = false;
    };
  }, [booking, id, attempt]);

  return (
    <Page title={t`Your table from the waitlist`}>
      {opening.kind === 'loading' && (
        <Loading>
          <Trans>Opening your table…</Trans>
        </Loading>
      )}
      {opening.kind === 'failed' && <LoadFailure message={failureText(opening.error)} retry={() => setAttempt((n) => n + 1)} />}
      {opening.kind === 'ended' && (
        <>
          <p role="status">
            <Trans>This offer has ended: the table is no longer held for you.</Trans>
          </p>
          <p>
            <PageLink to="order">
              <Trans>Back to my reservations</Trans>
            </PageLink>
          </p>
        </>
      )}
    </Page>
  );
}
