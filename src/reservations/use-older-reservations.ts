/**
 * "Show more" for My reservations: older past reservations, a page at a time after the first answer's
 * `pastCursor`. Pages belong to the first answer they continue: a fresh one (after a change or a
 * cancellation) starts again from its own cursor.
 */
import { useCallback, useState } from 'react';
import { fetchPastReservations, type ReservationListPage } from '../api/reservation-list';

interface Loaded {
  after: ReservationListPage;
  data: ReservationListPage['data'];
  pastCursor: string | null;
}

export interface OlderReservations {
  /** Older past reservations loaded so far, newest first. */
  data: ReservationListPage['data'];
  /** More remain on the server. */
  hasMore: boolean;
  loading: boolean;
  error: unknown;
  loadMore(): void;
}

export function useOlderReservations(first: ReservationListPage | undefined): OlderReservations {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const current = first && loaded?.after === first ? loaded : null;
  const cursor = current ? current.pastCursor : (first?.pastCursor ?? null);

  const loadMore = useCallback(() => {
    if (!first || !cursor || loading) return;
    setLoading(true);
    setError(null);
    fetchPastReservations(cursor).then(
      (page) => {
        setLoaded((last) => {
          const before = last?.after === first ? last.data : [];
          return { after: first, data: [...before, ...page.data], pastCursor: page.pastCursor };
        });
        setLoading(false);
      },
      (err: unknown) => {
        setError(err);
        setLoading(false);
      },
    );
  }, [first, cursor, loading]);

  return { data: current?.data ?? [], hasMore: cursor !== null, loading, error, loadMore };
}
