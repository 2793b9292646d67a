/**
 * A waitlist entry's lifecycle: a guest waits for a table at a venue on a day, for a party and a window
 * of start times; when a fitting table frees, the first waiting guest is offered it (the table held for
 * them for 15 minutes) and books it, declines it (leaves, or releases the hold) or lets it lapse, and the
 * table passes to the next guest. A waiting entry ends when the guest leaves or its window passes.
 *
 * The server runs this chart to decide every change of an entry (`server/services/waitlist/waitlist.ts`): an event
 * the chart refuses in the entry's state is answered 409. Side effects (holding the table, the mail,
 * passing the table on) are the server's, named here as actions so the chart says when they happen.
 */
import { assertEvent, assign, setup } from 'xstate';

/** An entry's status as stored and as the API answers it. */
export type WaitlistStatus = 'WAITING' | 'OFFERED' | 'BOOKED' | 'DECLINED' | 'LAPSED' | 'LEFT' | 'EXPIRED';

export interface WaitlistContext {
  /** The window of start times, minutes from the service day's midnight. */
  earliestTime: number;
  latestTime: number;
  /** When the latest start of the window passes (epoch ms): after it the entry can only expire. */
  windowEndsAtMs: number;
  /** The start time of the table offered, while an offer stands. */
  offeredStartTime: number | null;
}

export type WaitlistEvent =
  /** A fitting table freed and is held for this entry. */
  | { type: 'table.offer'; startTime: number; nowMs: number }
  /** The guest completed the held booking. */
  | { type: 'offer.book' }
  /** The guest gave the held table up (released the hold or left while offered). */
  | { type: 'offer.decline' }
  /** The hold ran out before the guest booked. */
  | { type: 'offer.lapse' }
  /** The guest left the waitlist. */
  | { type: 'entry.leave' }
  /** The clock moved: a waiting entry whose window has passed expires. */
  | { type: 'clock.tick'; nowMs: number };

export const waitlistMachine = setup({
  types: {
    context: {} as WaitlistContext,
    events: {} as WaitlistEvent,
    input: {} as Omit<WaitlistContext, 'offeredStartTime'> & { offeredStartTime?: number | null },
  },
  actions: {
    recordOffer: assign({
      offeredStartTime: ({ event }) => {
        assertEvent(event, 'table.offer');
        return event.startTime;
      },
    }),
    /** The server mails the offer with its link (outbox). */
    mailOffer: () => {},
    /** The server releases the held table (when the guest gives it up). */
    releaseHold: () => {},
    /** The server offers the freed table to the next waiting guest. */
    offerNext: () => {},
  },
  guards: {
    /** The offered start lies in the window, and the window has not passed. */
    startInWindow: ({ context, event }) =>
      event.type === 'table.offer' &&
      event.startTime >= context.earliestTime &&
      event.startTime <= context.latestTime &&
      event.nowMs < context.windowEndsAtMs,
    windowPassed: ({ context, event }) => event.type === 'clock.tick' && event.nowMs >= context.windowEndsAtMs,
  },
}).createMachine({
  id: 'waitlist',
  context: ({ input }) => ({ ...input, offeredStartTime: input.offeredStartTime ?? null }),
  initial: 'waiting',
  states: {
    waiting: {
      on: {
        'table.offer': { guard: 'startInWindow', target: 'offered', actions: ['recordOffer', 'mailOffer'] },
        'entry.leave': { target: 'left' },
        'clock.tick': { guard: 'windowPassed', target: 'expired' },
      },
    },
    offered: {
      on: {
        'offer.book': { target: 'booked' },
        'offer.decline': { target: 'declined', actions: 'offerNext' },
        'offer.lapse': { target: 'lapsed', actions: 'offerNext' },
        // Leaving with a table held gives the table up: the same as declining it.
        'entry.leave': { target: 'declined', actions: ['releaseHold', 'offerNext'] },
      },
    },
    booked: { type: 'final' },
    declined: { type: 'final' },
    lapsed: { type: 'final' },
    left: { type: 'final' },
    expired: { type: 'final' },
  },
});

/** The chart's state of each stored status, and back. */
export const STATE_OF_STATUS: Record<WaitlistStatus, string> = {
  WAITING: 'waiting',
  OFFERED: 'offered',
  BOOKED: 'booked',
  DECLINED: 'declined',
  LAPSED: 'lapsed',
  LEFT: 'left',
  EXPIRED: 'expired',
};
export const STATUS_OF_STATE = Object.fromEntries(Object.entries(STATE_OF_STATUS).map(([status, state]) => [state, status])) as Record<
  string,
  WaitlistStatus
>;
