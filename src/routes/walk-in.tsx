/**
 * The guest's place in a venue's walk-in queue, opened from the link the host gave or texted (no login):
 * their place, the wait quoted and waited so far, and, once the host calls them, that their table is ready.
 * Read again every 20 seconds, so the page follows the queue while the guest waits nearby.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { unwrap } from '../../common/api/api-error';
import type { components } from '../../common/api/schema';
import { api } from '../api/api';
import { Page } from '../components/page';
import { useFailureText } from '../i18n/message-text';
import type { PageProps } from '../navigation/routes';

type Place = components['schemas']['WalkInGuestView'];

const REFRESH_MS = 20_000;

export default function WalkInPage({ query }: PageProps) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const token = query.token ?? '';
  const [place, setPlace] = useState<Place | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () =>
      unwrap(api.GET('/public/walk-in/{token}', { params: { path: { token } } })).then(
        ({ data }) => {
          if (!live) return;
          setPlace(data);
          setError(null);
          if (data.status === 'WAITING' || data.status === 'NOTIFIED') timer = setTimeout(read, REFRESH_MS);
        },
        (failure: unknown) => live && setError(failureText(failure)),
      );
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // Read per token; the failure's wording follows the language on its own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const title = place ? t`Your place at ${place.venueName}` : t`Your place in the queue`;
  return (
    <Page title={title}>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {place && (
        <div aria-live="polite">
          {place.status === 'NOTIFIED' && <p className="form-success">{t`Your table is ready. Please come to the host stand.`}</p>}
          {place.status === 'SEATED' && <p>{t`You have been seated. Enjoy your meal.`}</p>}
          {place.status === 'LEFT' && <p>{t`You are no longer in the queue.`}</p>}
          {place.place !== null && (
            <dl className="field-list">
              <dt>{t`Your place`}</dt>
              <dd>{place.partiesAhead === 0 ? t`You are next` : t`${place.partiesAhead} parties ahead of you`}</dd>
              <dt>{t`Quoted wait`}</dt>
              <dd>{t`${place.quotedMinutes} min`}</dd>
              <dt>{t`Waiting so far`}</dt>
              <dd>{t`${place.waitedMinutes} min`}</dd>
              <dt>{t`Party`}</dt>
              <dd>{t`${place.name}, ${place.numberOfGuests} guests`}</dd>
            </dl>
          )}
        </div>
      )}
    </Page>
  );
}
