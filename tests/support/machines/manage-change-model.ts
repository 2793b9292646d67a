/**
 * The manage chart's paid change (a change that costs more: reviewed, then paid from the wallet with the
 * change or by card while the new time is held) as a path model of its own. The manage link's page books
 * no deposit, so its page paths (manage-model.ts) never reach these branches; the chart's own generated
 * paths take every one of them (manage-change.paths.test.ts).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { manageMachine } from '../../../machines/manage.machine';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { reservation, slotDay } from '../fixtures/booking';
import { coveringPaths } from './branches';
import { transitionCoverPaths } from './graph-coverage';

const SERVER_NOW = Date.parse('2026-11-23T02:00:00Z');
const upcoming = reservation({ status: 'CONFIRMED', holdExpiresAt: null, date: '2026-12-08', startTime: 720 });
const changed = { ...upcoming, startTime: 750, numberOfGuests: 6 };
const read = (found: typeof upcoming) => ({ reservation: found, clockOffsetMs: SERVER_NOW - Date.now() });
const refused = (status: number, errorCode: number, message: string) => ({ status, errorCode, message });
const COSTS_MORE = { amountDue: 180_000, paid: 80_000, owed: 0, difference: 100_000, currency: 'HKD' };
export const HOLD = {
  _id: 'c'.repeat(24),
  reservationId: upcoming._id,
  status: 'HELD',
  holdExpiresAt: new Date(SERVER_NOW + 15 * 60_000).toISOString(),
  date: upcoming.date,
  startTime: 750,
  numberOfGuests: upcoming.numberOfGuests,
  seatingAreaId: null,
  amountDue: 180_000,
  difference: 100_000,
  currency: 'HKD',
};

/** A member (the wallet offered), so that every branch of the review is there to take. */
export const memberChart = manageMachine.provide({ guards: { walletOffered: () => true } });

/** From an open reservation to a reviewed change that costs more, and every answer after it. */
export const events = [
  { type: 'reservation.open', id: upcoming._id },
  { type: 'xstate.done.actor.loadReservation', output: read(upcoming) },
  { type: 'change.start' },
  { type: 'xstate.done.actor.loadAvailability', output: slotDay() },
  { type: 'change.pick', startTime: 750 },
  { type: 'change.submit' },
  { type: 'xstate.done.actor.quoteChange', output: COSTS_MORE },
  { type: 'change.payWallet' },
  { type: 'change.payCard' },
  { type: 'change.back' },
  { type: 'xstate.done.actor.changeWithWallet', output: changed },
  { type: 'xstate.error.actor.changeWithWallet', error: refused(409, ERROR_CODES.CONFLICT, 'Your wallet balance of HK$100 is not enough to pay HK$1,000') },
  { type: 'xstate.error.actor.changeWithWallet', error: refused(409, ERROR_CODES.SELECTION_UNAVAILABLE, 'Sorry, your selection is unavailable') },
  { type: 'xstate.done.actor.holdChange', output: HOLD },
  { type: 'xstate.error.actor.holdChange', error: refused(409, ERROR_CODES.SELECTION_UNAVAILABLE, 'Sorry, your selection is unavailable') },
  { type: 'xstate.error.actor.holdChange', error: refused(409, ERROR_CODES.NOT_CHANGEABLE, 'This reservation can no longer be changed') },
  { type: 'xstate.done.actor.pay', output: { paymentId: 'p'.repeat(24), method: 'CARD' } },
  { type: 'xstate.after.holdRemaining.manage.changing.paying' },
  { type: 'xstate.done.actor.giveUpChange', output: HOLD },
  { type: 'xstate.error.actor.giveUpChange', error: refused(500, ERROR_CODES.INTERNAL, 'An error occurred!') },
  { type: 'xstate.done.actor.reloadReservation', output: read(changed) },
  { type: 'xstate.error.actor.reloadReservation', error: refused(500, ERROR_CODES.INTERNAL, 'An error occurred!') },
] as unknown as EventObject[];

const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify([s.value, s.context.reservation?.startTime, s.context.draft?.startTime ?? null, s.context.problem?.kind ?? null, Boolean(s.context.hold)]);

const candidates = transitionCoverPaths(memberChart, { events, serializeState });
export const { paths: PAID_CHANGE_PATHS, covered: PAID_CHANGE_COVERED } = coveringPaths(memberChart, candidates);

/** The branches of the paid change: those these paths take that begin in its states or at its review. */
const PAID_STATES = ['reviewing', 'submittingWithWallet', 'holding', 'paying', 'givingUp', 'reloading'].map((s) => `manage.changing.${s} ·`);
export const PAID_CHANGE_BRANCHES = [...PAID_CHANGE_COVERED].filter(
  (branch) => PAID_STATES.some((prefix) => branch.startsWith(prefix)) && !branch.includes('change.confirm') && !branch.includes('change.back [') && branch !== 'manage.changing.reviewing · change.back → manage.changing.editing',
);
