/** "Today" in Hong Kong on the server's clock, for pages: it updates when an answer corrects the clock. */
import { useSyncExternalStore } from 'react';
import { hongKongToday } from '../../common/time';
import { serverClock } from './server-clock';

const today = () => hongKongToday(serverClock.now());

export function useServerToday(): string {
  return useSyncExternalStore(serverClock.subscribe, today);
}
