/**
 * A venue's walk-in queue on a service day, live: read again whenever the venue's stream reports a change to
 * the queue (another host's tap) or to the floor (a booking made, a party seated or gone, which moves the
 * quotes), and on every (re)connection of the stream.
 */
import { useCallback } from 'react';
import { invalidate, useApiQuery } from '../../../api/use-api-query';
import { useVenueEvents } from '../../use-venue-events';
import { loadWalkInQueue, walkInQueueKey } from './walk-in-queue-calls';

export function useWalkInQueue(venueId: string, date: string) {
  const read = useApiQuery(walkInQueueKey(venueId, date), () => loadWalkInQueue(venueId, date), { keepData: true, showError: false });
  const { reload } = read;
  const readAgain = useCallback(() => {
    invalidate([['staffWalkInQueue', venueId]]);
    reload();
  }, [venueId, reload]);
  useVenueEvents(venueId, {
    onReady: readAgain,
    onChange: (event) => event.date === date && readAgain(),
    onWalkInQueue: (event) => event.date === date && readAgain(),
  });
  return { read, readAgain };
}
