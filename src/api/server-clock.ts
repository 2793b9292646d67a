/**
 * The app's one "now": the server's clock. A device's clock may be minutes off (or, in tests, years);
 * what is today, upcoming or expired, a hold's countdown and a token's refresh all follow the server,
 * whose time comes in the Date header of each API answer. Its offset from the device's clock is a plain
 * number, so the statecharts keep it in their context (a saved booking keeps it over a reload) and read
 * the time through `serverTime`; pages read it from `serverClock`, which the API client keeps up to date.
 */

import { serverTime } from '../../common/api/server-time';

/** The server's time minus the device's, from an answer's Date header read when it arrived; null without one. */
function offsetFromDateHeader(dateHeader: string | null | undefined, receivedAt: number): number | null {
  const serverNow = Date.parse(dateHeader ?? '');
  return Number.isNaN(serverNow) ? null : serverNow - receivedAt;
}

/** The offset the newest API answer gave, and the server's time by it. */
export class ServerClock {
  private offset = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deviceNow: () => number = () => Date.now()) {}

  /** Server minus device, in ms: 0 until an answer has told. */
  get offsetMs(): number {
    return this.offset;
  }

  /** The server's time now. */
  now(): Date {
    return new Date(serverTime(this.offset, this.deviceNow()));
  }

  /**
   * Learns the server's time from an answer's Date header. The header counts whole seconds: the offset
   * may be up to a second (and the answer's travel time) short, which no date, hold or token minds.
   */
  learn(dateHeader: string | null | undefined, receivedAt: number = this.deviceNow()): void {
    const offset = offsetFromDateHeader(dateHeader, receivedAt);
    if (offset === null || offset === this.offset) return;
    this.offset = offset;
    this.listeners.forEach((listener) => listener());
  }

  /** Called whenever the offset changes; returns the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** The app's clock, taught by every answer of the API client (src/api/api.ts). */
export const serverClock = new ServerClock();
