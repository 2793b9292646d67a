/**
 * The server's time as a chart reads it: a device's clock may be minutes off (or, in tests, years), so
 * the charts keep the offset of the server's clock (from an API answer's Date header) in their context and
 * read "now" through `serverTime`. The app's clock that learns the offset is src/api/server-clock.ts.
 */

/** What a call's answer tells a statechart about the server's clock. */
export interface ServerTimed {
  /** Server time minus device time, in ms, when the answer arrived (see `ServerClock.offsetMs`). */
  clockOffsetMs: number;
}

/** The server's time now (ms since epoch) on a device whose clock is `offsetMs` behind the server's. */
export function serverTime(offsetMs: number, deviceNow: number = Date.now()): number {
  return deviceNow + offsetMs;
}
