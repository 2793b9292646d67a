/** "Today" in Hong Kong on the server's clock, for pages: it updates when an answer corrects the clock. */
import { useSyncExternalStore } from 'react';
import { serviceDayOf } from '../../common/service-day';
import { hongKongToday } from '../../common/time';
import { serverClock } from './server-clock';

const today = () => hongKongToday(serverClock.now());

export function useServerToday(): string {
  return useSyncExternalStore(serverClock.subscribe, today);
}

const serviceDay = () => serviceDayOf(serverClock.now()).date;

/**
 * The service day running on the server's clock, for staff: before 06:00 the day before (at 00:01 on
 * Thursday, Wednesday's, whose bar is still open), so what staff make now is on the day they open.
 */
export function useServerServiceDay(): string {
  return useSyncExternalStore(serverClock.subscribe, serviceDay);
}
