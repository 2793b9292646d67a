/**
 * Staff's "Why not?" (docs/decisions/0020-why-not-explainer.md): for a party at a time on a service day, every slot of the day
 * and every table at that time with each reason guests online are not offered it. Read only. It asks
 * the very rules availability and booking ask (selection-checks, slot-schedule, closures, pacing,
 * table-fit, busy intervals); this module only collects their answers instead of stopping at the first.
 */
import type { DbOrTx } from '../../db/client';
import { ApiError } from '../../lib/errors';
import { dateIn, experienceNameIn, nameIn, timeIn } from '../../lib/message-values';
import { checkSelection } from '../booking-rules/selection-checks';
import { closuresOn, loadClosures, stayClosure, type ClosureRow, type DayClosures } from '../booking-rules/closures';
import { loadCoversStarting } from '../booking-rules/pacing-covers';
import { pacingBreach, type CoversStarting } from '../booking-rules/pacing';
import { isValidOn } from '../booking-rules/service-validity';
import { isBookableInTime, scheduledSlots, servicesOn, sittingMinutes, staysInService, type ScheduledSlot } from '../booking-rules/slot-schedule';
import {
  combinationName,
  combinationsOf,
  compareTableNames,
  fittingCombinations,
  fittingTables,
  groupBusy,
  isTableFree,
  memberMisfits,
  pickCombination,
  tableMisfits,
  type BusyByTable,
  type TableCombination,
  type TableMisfit,
} from '../booking-rules/table-fit';
import { experienceOf, loadVenueCatalog, venueOf, type CatalogVenue, type ExperienceRow } from '../booking-rules/venue-catalog';
import { hongKongMinutes, isoWeekday, serviceDayStartMs } from '../../../common/time';
import { loadOccupants, type Occupant } from './why-not-occupants';

export type WhyNotCode =
  | 'SELECTION'
  | 'NOT_SERVED'
  | 'NOT_YET_VALID'
  | 'NO_LONGER_VALID'
  | 'AFTER_LAST_SEATING'
  | 'RUNS_PAST_END'
  | 'NOT_A_START'
  | 'STARTED'
  | 'LEAD_TIME'
  | 'CLOSED'
  | 'PACED_OUT'
  | 'NO_FREE_TABLE'
  | Occupant['kind']
  | Exclude<TableMisfit, 'OTHER_AREA'>
  | 'AREA_CLOSED';

/** A reason before it is written in the caller's language: its English message and the message's values. */
export interface WhyNotReason {
  code: WhyNotCode;
  message: string;
  values?: Record<string, unknown>;
  reference?: string;
  bookedCovers?: number;
  maxCovers?: number;
  closureReason?: ClosureRow['reason'];
  note?: string | null;
  /** The member of a combination the reason is about (docs/PRODUCT.md §9, tables joined). */
  table?: string;
}

/** Tables joined for the party (docs/PRODUCT.md §9, tables joined), named as the day sheet names them: 'L5 + L6'. */
interface WhyNotCombination {
  tableIds: string[];
  name: string;
  area: string;
  minGuests: number;
  maxGuests: number;
  offered: boolean;
  reasons: WhyNotReason[];
}

export interface WhyNotQuestion {
  venueId: string;
  date: string;
  time: number;
  guests: number;
  experienceId?: string;
}

export interface WhyNotAnswer {
  venueId: string;
  date: string;
  time: number;
  numberOfGuests: number;
  experienceId: string;
  experience: string;
  offered: boolean;
  reasons: WhyNotReason[];
  /** The slot's tables joined when guests are offered it at a combination only. */
  slots: { startTime: number; offered: boolean; reasons: WhyNotReason[]; combination: { name: string; maxGuests: number } | null }[];
  tables: { tableId: string; name: string; area: string; offered: boolean; reasons: WhyNotReason[] }[];
  /**
   * For a party no single table guests may book seats: every combination of tables that would seat it at
   * the asked time, with why each guests are not given is not (empty when a single table seats the party).
   */
  combinations: WhyNotCombination[];
}

const CLOSED_FOR: Record<ClosureRow['reason'], string> = {
  PRIVATE_EVENT: /*i18n*/ 'Closed for a private event: {what}.',
  TYPHOON: /*i18n*/ 'Closed for a typhoon signal: {what}.',
  OTHER: /*i18n*/ 'Closed: {what}.',
};

/** What a closure closes, named for staff: the venue, the dining area or the service. */
function closedReason(entry: CatalogVenue, closure: ClosureRow, code: 'CLOSED' | 'AREA_CLOSED'): WhyNotReason {
  const what =
    closure.scope === 'AREA' ? (entry.areas.find((a) => a.id === closure.seatingAreaId)?.name ?? entry.venue.title)
    : closure.scope === 'SERVICE' ? closure.periodName!
    : entry.venue.title;
  return { code, message: CLOSED_FOR[closure.reason], values: { what: nameIn(what) }, closureReason: closure.reason, note: closure.note ?? null };
}

const MISFIT: Record<Exclude<TableMisfit, 'OTHER_AREA'>, string> = {
  INACTIVE: /*i18n*/ 'Table not in use (inactive).',
  AREA_INACTIVE: /*i18n*/ 'Its dining area is not in use (inactive).',
  STAFF_ONLY: /*i18n*/ 'Staff only: not bookable online.',
  WALK_INS_ONLY: /*i18n*/ 'Kept for walk-ins: not bookable online.',
  TOO_SMALL: /*i18n*/ 'Too small: seats at most {max}.',
  TOO_LARGE: /*i18n*/ 'Too large: seats at least {min}.',
  MEMBERS_ONLY: /*i18n*/ 'Members-only area: not offered to guests.',
};

const HELD_BY: Record<Occupant['kind'], string> = {
  BOOKED: /*i18n*/ 'Booked by {reference} from {from} to {to}.',
  HELD: /*i18n*/ 'Held for {reference}, a guest booking online, from {from} to {to}.',
  CHANGE_HELD: /*i18n*/ 'Held by a change of {reference} being paid, from {from} to {to}.',
};

/** The experience asked for, else the first of the venue serving a service open at that time, else the first. */
function experienceAsked(entry: CatalogVenue, question: WhyNotQuestion): ExperienceRow {
  if (question.experienceId) return experienceOf(entry, question.experienceId);
  const open = servicesOn(entry, question.date).filter((p) => p.startMinute <= question.time && question.time < p.endMinute);
  const experience = entry.experiences.find((e) => open.some((p) => e.periodNames.includes(p.name))) ?? entry.experiences[0];
  // A venue without experiences answers 404 as a look-up would.
  return experience ?? experienceOf(entry, '');
}

/**
 * Why a time the schedule does not offer is not one: no service of the experience then that day, one not
 * valid yet or any more, past its last seating, a stay running past its end, or not on its interval.
 */
function outsideSchedule(entry: CatalogVenue, experience: ExperienceRow, date: string, time: number, guests: number): WhyNotReason {
  const weekday = isoWeekday(date);
  const covering = entry.periods.filter(
    (p) => experience.periodNames.includes(p.name) && p.daysOfWeek.includes(weekday) && p.startMinute <= time && time < p.endMinute,
  );
  const valid = covering.find((p) => isValidOn(p, date));
  if (!valid) {
    const later = covering.find((p) => p.validFrom !== null && date < p.validFrom);
    if (later) return { code: 'NOT_YET_VALID', message: /*i18n*/ '{service} starts only on {from}.', values: { service: nameIn(later.name), from: dateIn(later.validFrom!) } };
    const ended = covering.find((p) => p.validUntil !== null && p.validUntil < date);
    if (ended) return { code: 'NO_LONGER_VALID', message: /*i18n*/ '{service} ended on {until}.', values: { service: nameIn(ended.name), until: dateIn(ended.validUntil!) } };
    return { code: 'NOT_SERVED', message: /*i18n*/ 'Outside the service: {experience} is not served at {time} that day.', values: { experience: experienceNameIn(experience, entry.experienceTexts.get(experience.id)), time: timeIn(time) } };
  }
  const duration = sittingMinutes(entry, experience, valid.name, guests);
  if (!staysInService(valid, time, duration)) {
    if (valid.lastSeatingMinute !== null && time > valid.lastSeatingMinute) {
      return { code: 'AFTER_LAST_SEATING', message: /*i18n*/ 'After the last seating of {service} at {last}.', values: { service: nameIn(valid.name), last: timeIn(valid.lastSeatingMinute) } };
    }
    return {
      code: 'RUNS_PAST_END',
      message: /*i18n*/ 'A stay of {minutes} minutes would run past the end of {service} at {end}.',
      values: { minutes: duration, service: nameIn(valid.name), end: timeIn(valid.endMinute) },
    };
  }
  return { code: 'NOT_A_START', message: /*i18n*/ '{service} seats every {interval} minutes from {first}: {time} is not one of its start times.', values: { service: nameIn(valid.name), interval: valid.intervalMinutes, first: timeIn(valid.startMinute), time: timeIn(time) } };
}

interface DayFacts {
  entry: CatalogVenue;
  closed: DayClosures;
  covers: CoversStarting;
  busy: BusyByTable;
  occupants: Occupant[];
  /** The combinations guests may be given, as availability asks them (none when one table seats the party). */
  combinations: TableCombination[];
  guests: number;
  now: Date;
  date: string;
}

/** The reasons a scheduled slot is not offered: lead time or begun, a closure on the stay, pacing, no free table. */
function slotReasons(day: DayFacts, slot: ScheduledSlot): WhyNotReason[] {
  const { entry, now } = day;
  const reasons: WhyNotReason[] = [];
  if (slot.startMs <= now.getTime()) {
    reasons.push({ code: 'STARTED', message: /*i18n*/ 'Already begun: it is now {now}.', values: { now: timeIn(hongKongMinutes(now)) } });
  } else if (!isBookableInTime(entry.venue, slot, now)) {
    reasons.push({ code: 'LEAD_TIME', message: /*i18n*/ 'Inside the lead time: guests book at least {minutes} minutes ahead.', values: { minutes: entry.venue.minLeadMinutes } });
  }
  const closure = stayClosure(day.closed, servicesOn(entry, day.date), slot);
  if (closure) reasons.push(closedReason(entry, closure, 'CLOSED'));
  const breach = pacingBreach(entry.pacing, day.covers, slot.period, slot.startTime, day.guests);
  if (breach) {
    const values = { time: timeIn(breach.slotStart), booked: breach.booked, max: breach.max, service: nameIn(slot.period.name) };
    reasons.push({
      code: 'PACED_OUT',
      message: breach.limit === 'SLOT' ? /*i18n*/ 'Paced out at {time}: {booked} of {max} covers.' : /*i18n*/ 'Paced out for {service}: {booked} of {max} covers.',
      values,
      bookedCovers: breach.booked,
      maxCovers: breach.max,
    });
  }
  if (!singleTableFree(day, slot) && !joinedAt(day, slot)) {
    const values = { guests: day.guests };
    reasons.push(
      day.combinations.length > 0 ? { code: 'NO_FREE_TABLE', message: /*i18n*/ 'No table seats {guests}, and every combination of tables that would is taken then.', values }
      : guestTables(day).length === 0 ? { code: 'NO_FREE_TABLE', message: /*i18n*/ 'No table guests can book seats {guests}.', values }
      : { code: 'NO_FREE_TABLE', message: /*i18n*/ 'Every table that seats {guests} is taken then.', values },
    );
  }
  return reasons;
}

/** The tables guests may book for the party, in areas open that day. */
function guestTables(day: DayFacts): CatalogVenue['tables'] {
  return day.entry.tables.filter((t) => tableMisfits(day.entry, t, day.guests, null, 'guest', 'guest').length === 0 && !day.closed.areas.has(t.seatingAreaId));
}

function singleTableFree(day: DayFacts, slot: { startMs: number; endMs: number }): boolean {
  return guestTables(day).some((t) => isTableFree(day.busy, t.id, slot.startMs, slot.endMs));
}

/** The combination a guest would be given for the slot: the first free one, as booking picks it. */
function joinedAt(day: DayFacts, slot: { startMs: number; endMs: number }): TableCombination | undefined {
  return pickCombination(day.combinations, day.busy, slot.startMs, slot.endMs);
}

/** Why each table rule keeps `table` from guests (a different area is no reason: none was asked). */
function misfitReasons(table: CatalogVenue['tables'][number], misfits: readonly TableMisfit[], extra?: Pick<WhyNotReason, 'table'>): WhyNotReason[] {
  return misfits.filter((m) => m !== 'OTHER_AREA').map((misfit) => ({ code: misfit, message: MISFIT[misfit], values: { min: table.minGuests, max: table.maxGuests }, ...extra }));
}

/** Who holds the table during the stay, each by reference. */
function occupantReasons(day: DayFacts, tableId: string, stay: { startMs: number; endMs: number }, extra?: Pick<WhyNotReason, 'table'>): WhyNotReason[] {
  return day.occupants
    .filter((o) => o.tableId === tableId && o.startMs < stay.endMs && o.endMs > stay.startMs)
    .map((o) => ({ code: o.kind, message: HELD_BY[o.kind], values: { reference: o.reference, from: timeIn(o.startTime), to: timeIn(o.endTime) }, reference: o.reference, ...extra }));
}

/** The reasons one table is not offered for the stay: the rules of the table, a closed area, who holds it then. */
function tableReasons(day: DayFacts, table: CatalogVenue['tables'][number], stay: { startMs: number; endMs: number } | undefined): WhyNotReason[] {
  const { entry } = day;
  const reasons = misfitReasons(table, tableMisfits(entry, table, day.guests, null, 'guest', 'guest'));
  const areaClosure = day.closed.areas.get(table.seatingAreaId);
  if (areaClosure) reasons.push(closedReason(entry, areaClosure, 'AREA_CLOSED'));
  if (stay) reasons.push(...occupantReasons(day, table.id, stay));
  return reasons;
}

/**
 * Every combination of the venue's tables that would seat a party no single table guests may book seats,
 * with the reasons guests are not given it: its area closed, and for each member (named) a rule that keeps
 * it from guests or who holds it during the stay. Combinations guests may be given are those
 * `fittingCombinations` gives; the others are asked of every table only to say why.
 */
function combinationReasons(day: DayFacts, stay: { startMs: number; endMs: number }, offeredAtAll: boolean): WhyNotCombination[] {
  const { entry } = day;
  if (fittingTables(entry, day.guests, null, 'guest', 'guest').length > 0) return [];
  return combinationsOf(entry.tables, day.guests).map((combination) => {
    const reasons: WhyNotReason[] = [];
    const areaClosure = day.closed.areas.get(combination.seatingAreaId);
    if (areaClosure) reasons.push(closedReason(entry, areaClosure, 'AREA_CLOSED'));
    for (const member of [...combination.tables].sort((a, b) => compareTableNames(a.name, b.name))) {
      const extra = { table: member.name };
      reasons.push(...misfitReasons(member, memberMisfits(entry, member, null, 'guest', 'guest'), extra), ...occupantReasons(day, member.id, stay, extra));
    }
    return {
      tableIds: combination.tables.map((t) => t.id),
      name: combinationName(combination.tables.map((t) => t.name)),
      area: entry.areas.find((a) => a.id === combination.seatingAreaId)?.name ?? '',
      minGuests: combination.minGuests,
      maxGuests: combination.maxGuests,
      offered: offeredAtAll && reasons.length === 0,
      reasons,
    };
  });
}

/** Every reason the party is not offered the time, each slot of the day and each table at the time. */
export async function whyNot(db: DbOrTx, question: WhyNotQuestion, now: Date): Promise<WhyNotAnswer> {
  const catalog = await loadVenueCatalog(db);
  const entry = venueOf(catalog, question.venueId);
  const experience = experienceAsked(entry, question);
  const { date, time, guests } = question;
  const reasons: WhyNotReason[] = [];
  try {
    // The party size online and the guests' booking window: asked as availability asks them.
    checkSelection(catalog, { venueId: entry.venue.id, experienceId: experience.id, date, numberOfGuests: guests }, now, 'guest', 'guest');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    reasons.push({ code: 'SELECTION', message: error.message, values: error.values });
  }
  const occupants = await loadOccupants(db, entry.venue.id, date, now);
  const closed = closuresOn(await loadClosures(db, entry.venue.id, date), date);
  const day: DayFacts = {
    entry,
    date,
    now,
    guests,
    occupants,
    busy: groupBusy(occupants),
    // Read afresh, not from availability's cache: staff ask right after changing something.
    closed,
    combinations: fittingCombinations(entry, guests, null, 'guest', 'guest').filter((c) => !closed.areas.has(c.seatingAreaId)),
    covers: await loadCoversStarting(db, entry, date, now),
  };
  const scheduled = scheduledSlots(entry, experience, date, guests);
  const slots = scheduled.map((slot) => ({ startTime: slot.startTime, reasons: slotReasons(day, slot) }));
  const asked = scheduled.find((s) => s.startTime === time);
  if (!asked) {
    slots.push({ startTime: time, reasons: [outsideSchedule(entry, experience, date, time, guests)] });
    slots.sort((a, b) => a.startTime - b.startTime);
  }
  reasons.push(...slots.find((s) => s.startTime === time)!.reasons);
  // Outside the schedule, the tables are still looked at for the stay a party would have then.
  const startMs = serviceDayStartMs(date) + time * 60_000;
  const stay = asked ?? { startMs, endMs: startMs + stayMinutesAt(entry, experience, date, time, guests) * 60_000 };
  const tables = entry.tables.map((table) => {
    const tableWhy = tableReasons(day, table, stay);
    return {
      tableId: table.id,
      name: table.name,
      area: entry.areas.find((a) => a.id === table.seatingAreaId)?.name ?? '',
      offered: tableWhy.length === 0 && reasons.length === 0,
      reasons: tableWhy,
    };
  });
  return {
    venueId: entry.venue.id,
    date,
    time,
    numberOfGuests: guests,
    experienceId: experience.id,
    experience: experience.name,
    offered: reasons.length === 0,
    reasons,
    slots: slots.map((s) => {
      const slot = scheduled.find((x) => x.startTime === s.startTime);
      const joined = s.reasons.length === 0 && slot && !singleTableFree(day, slot) ? joinedAt(day, slot) : undefined;
      return { ...s, offered: s.reasons.length === 0, combination: joined ? { name: combinationName(joined.tables.map((t) => t.name)), maxGuests: joined.maxGuests } : null };
    }),
    tables,
    combinations: combinationReasons(day, stay, reasons.length === 0),
  };
}

/** How long the party would sit starting at `time`: the turn time of the service open then, else the experience's length. */
function stayMinutesAt(entry: CatalogVenue, experience: ExperienceRow, date: string, time: number, guests: number): number {
  const period = servicesOn(entry, date).find((p) => p.startMinute <= time && time < p.endMinute);
  return period ? sittingMinutes(entry, experience, period.name, guests) : experience.durationMinutes;
}
