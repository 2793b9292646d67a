/** The server's only source of "now", so tests can move time (holds, expiry, tokens, "today"). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
