/**
 * Pacing (docs/decisions/0016-versioned-setup.md): at most so many covers may start per slot interval, and per service, so the
 * kitchen is not sent forty plates at 19:00. Pure rules over the covers already starting; availability
 * leaves out a slot the party would push over a limit, and a booking into one is refused.
 */
import type { PacingRule } from '../../db/schema';
import type { ServicePeriodRow } from './venue-catalog';

/** The covers starting on one service day: by slot (period name and slot start) and by service. */
export interface CoversStarting {
  bySlot: Map<string, number>;
  byService: Map<string, number>;
}

export const noCovers = (): CoversStarting => ({ bySlot: new Map(), byService: new Map() });

/** The slot interval a start falls in: the period's start in steps of its interval (a staff booking at 19:10 counts in 19:00's). */
export function slotStartOf(period: Pick<ServicePeriodRow, 'startMinute' | 'intervalMinutes'>, startTime: number): number {
  const steps = Math.floor((startTime - period.startMinute) / period.intervalMinutes);
  return period.startMinute + Math.max(0, steps) * period.intervalMinutes;
}

const slotKey = (periodName: string, slotStart: number) => `${periodName}@${slotStart}`;

/** Counts a party in. */
export function addCovers(covers: CoversStarting, period: ServicePeriodRow, startTime: number, party: number): void {
  const key = slotKey(period.name, slotStartOf(period, startTime));
  covers.bySlot.set(key, (covers.bySlot.get(key) ?? 0) + party);
  covers.byService.set(period.name, (covers.byService.get(period.name) ?? 0) + party);
}

/** A limit a party would break: which, the limit and the covers already starting. */
export interface PacingBreach {
  limit: 'SLOT' | 'SERVICE';
  max: number;
  booked: number;
  slotStart: number;
}

/**
 * The limit the party would break starting at `startTime` in `period`, or null when it fits (or the
 * service has no pacing). The slot's limit is checked first: it is the one staff read as "paced out at 19:00".
 */
export function pacingBreach(
  rules: readonly PacingRule[],
  covers: CoversStarting,
  period: ServicePeriodRow,
  startTime: number,
  party: number,
): PacingBreach | null {
  const rule = rules.find((r) => r.periodName === period.name);
  if (!rule) return null;
  const slotStart = slotStartOf(period, startTime);
  const atSlot = covers.bySlot.get(slotKey(period.name, slotStart)) ?? 0;
  if (rule.maxCoversPerSlot != null && atSlot + party > rule.maxCoversPerSlot) return { limit: 'SLOT', max: rule.maxCoversPerSlot, booked: atSlot, slotStart };
  const inService = covers.byService.get(period.name) ?? 0;
  if (rule.maxCoversPerService != null && inService + party > rule.maxCoversPerService) {
    return { limit: 'SERVICE', max: rule.maxCoversPerService, booked: inService, slotStart };
  }
  return null;
}
