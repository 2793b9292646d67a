/**
 * Offering freed tables to the waitlist. One pass settles every standing entry: offers that ended become
 * booked, declined or lapsed; waiting entries whose window passed expire; then each waiting entry, in
 * join order, is offered the first free fitting table in its window, held for it for 15 minutes (a real
 * PENDING reservation, placed under the same table locks as any booking) and mailed a link to finish.
 *
 * Passes run one at a time across server processes (a transaction-level advisory lock), so join order
 * is kept and no entry is offered twice; the table locks and the no-double-booking constraint keep an
 * offer and a normal booking off the same table. A pass runs after a cancellation or change, on every
 * waitlist read, and on the hold sweeper's tick (which catches holds that ran out).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Tx } from '../../db/client';
import { reservations, users, waitlistEntries } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { fittingCombinations, fittingTables, groupBusy, intervalsOf, pickCombination, pickTable, type BusyByTable } from '../booking-rules/table-fit';
import { isBookableInTime, scheduledSlots, servicesOn } from '../booking-rules/slot-schedule';
import { loadBusyIntervals } from '../booking-rules/busy-intervals';
import { loadVenueCatalog, type VenueCatalog } from '../booking-rules/venue-catalog';
import { closuresOn, loadClosures, stayClosure, type DayClosures } from '../booking-rules/closures';
import { MINUTES_PER_DAY, serviceDayStartMs } from '../../../common/time';
import { appLink } from '../auth/auth-links';
import { insertHold } from '../reservations/reservation-create';
import { MAX_UNFINISHED_BOOKINGS, tryLockGuest, unfinishedBookings } from '../reservations/guest-limits';
import { storedLocale } from '../messaging/message-language';
import { findUser, type ReservationRow } from '../reservations/reservations';
import { membershipOf, openSlots } from '../booking-rules/membership-rules';
import { waitlistTransition, type WaitlistRow } from './waitlist-lifecycle';
import { mailWaitlistOffer } from './waitlist-mail';
import { startRepeatingJob } from '../../lib/repeating-job';
import type { WaitlistEvent } from '../../../machines/waitlist.machine';

/** What a pass needs: the database, the clock, and the app's address for the offer's link. */
export type WaitlistDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

// Any constant that no other advisory lock of the app uses.
const WAITLIST_LOCK = 731_013;

/** The app page that opens an offered hold to finish the booking. */
export const OFFER_PAGE = '/pages/waitlist-offer';

/** Settles every standing waitlist entry and offers freed tables in join order (see the module's note). */
export async function settleWaitlist(deps: WaitlistDeps): Promise<void> {
  const now = deps.clock.now();
  const catalog = await loadVenueCatalog(deps.db);
  await deps.db.transaction(async (tx) => {
    await lockWaitlist(tx);
    await settleWaitlistWithin(tx, deps, catalog, now);
  });
}

/**
 * Makes the caller's transaction the one waitlist pass under way. A transaction that frees a table and
 * offers it in the same breath (a cancellation) takes it first, before it locks any reservation or
 * table, in the order every pass takes them, so the two never deadlock.
 */
export async function lockWaitlist(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${WAITLIST_LOCK})`);
}

/**
 * A whole pass inside the caller's transaction, which holds `lockWaitlist`: what it frees is offered
 * before it commits, so no booking made meanwhile can see the table free and take it from the guest
 * waiting first.
 */
export async function settleWaitlistWithin(tx: Tx, deps: WaitlistDeps, catalog: VenueCatalog, now: Date): Promise<void> {
  await endFinishedOffers(tx, now);
  await expirePassedWindows(tx, now);
  await offerFreedTables(tx, deps, catalog, now);
}

async function setStatus(tx: Tx, row: WaitlistRow, event: WaitlistEvent, now: Date, extra: Partial<WaitlistRow> = {}) {
  const { status } = waitlistTransition(row, event);
  await tx.update(waitlistEntries).set({ ...extra, status, updatedAt: now }).where(eq(waitlistEntries.id, row.id));
}

/** What became of an offer's hold: booked (completed), still standing, declined (given up in time) or lapsed. */
function offerOutcome(hold: ReservationRow, offerExpiresAt: Date | null, now: Date): WaitlistEvent['type'] | null {
  if (hold.status === 'CONFIRMED') return 'offer.book';
  if (hold.status === 'PENDING') return hold.holdExpiresAt && hold.holdExpiresAt > now ? null : 'offer.lapse';
  // Released before the hold ran out: the guest gave the table up; otherwise the sweeper let it go.
  return hold.canceledAt && offerExpiresAt && hold.canceledAt < offerExpiresAt ? 'offer.decline' : 'offer.lapse';
}

async function endFinishedOffers(tx: Tx, now: Date): Promise<void> {
  const offered = await tx
    .select({ entry: waitlistEntries, hold: reservations })
    .from(waitlistEntries)
    .innerJoin(reservations, eq(reservations.id, waitlistEntries.reservationId))
    .where(eq(waitlistEntries.status, 'OFFERED'))
    .orderBy(asc(waitlistEntries.seq))
    .for('update', { of: waitlistEntries });
  for (const { entry, hold } of offered) {
    const outcome = offerOutcome(hold, entry.offerExpiresAt, now);
    if (!outcome) continue;
    if (outcome === 'offer.lapse' && hold.status === 'PENDING') {
      // The run-out hold frees its table now, for the next guest in this same pass.
      await tx
        .update(reservations)
        .set({ status: 'CANCELED', canceledAt: now, updatedAt: now })
        .where(and(eq(reservations.id, hold.id), eq(reservations.status, 'PENDING')));
    }
    await setStatus(tx, entry, { type: outcome } as WaitlistEvent, now);
  }
}

async function expirePassedWindows(tx: Tx, now: Date): Promise<void> {
  const passed = await tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.status, 'WAITING'), sql`${waitlistEntries.windowEndsAt} <= ${now.toISOString()}::timestamptz`))
    .for('update');
  for (const entry of passed) await setStatus(tx, entry, { type: 'clock.tick', nowMs: now.getTime() }, now);
}

const isUnavailable = (err: unknown) => err instanceof ApiError && err.errorCode === ERROR_CODES.SELECTION_UNAVAILABLE;

/** A day's live reservations at a venue by table, read once per pass and kept up to date with its offers. */
async function dayBusy(tx: Tx, cache: Map<string, BusyByTable>, venueId: string, date: string, now: Date): Promise<BusyByTable> {
  const key = `${venueId}|${date}`;
  let busy = cache.get(key);
  if (!busy) {
    const fromMs = serviceDayStartMs(date);
    // The whole service day, after-midnight slots included (up to 48 hours from its midnight).
    busy = groupBusy(await loadBusyIntervals(tx, { venueId, date, fromMs, toMs: fromMs + 2 * MINUTES_PER_DAY * 60_000, now }));
    cache.set(key, busy);
  }
  return busy;
}

/** What is closed at a venue on a day, read once per pass. */
async function dayClosures(tx: Tx, cache: Map<string, DayClosures>, venueId: string, date: string): Promise<DayClosures> {
  const key = `${venueId}|${date}`;
  let closed = cache.get(key);
  if (!closed) {
    closed = closuresOn(await loadClosures(tx, venueId, date), date);
    cache.set(key, closed);
  }
  return closed;
}

async function offerFreedTables(tx: Tx, deps: WaitlistDeps, catalog: VenueCatalog, now: Date): Promise<void> {
  // The guest's role comes with the entry, so the pre-filter below knows their membership at no extra query.
  const waiting = await tx
    .select({ entry: waitlistEntries, role: users.role })
    .from(waitlistEntries)
    .leftJoin(users, eq(users.id, waitlistEntries.userId))
    .where(eq(waitlistEntries.status, 'WAITING'))
    .orderBy(asc(waitlistEntries.seq))
    .for('update', { of: waitlistEntries });
  const busyCache = new Map<string, BusyByTable>();
  const closureCache = new Map<string, DayClosures>();
  for (const { entry, role } of waiting) {
    const venue = catalog.venues.get(entry.venueId);
    const experience = catalog.experiences.get(entry.experienceId);
    if (!venue || !experience || role === null) continue;
    const membership = membershipOf({ role });
    const busy = await dayBusy(tx, busyCache, entry.venueId, entry.date, now);
    // Nothing inside a closure is offered: its areas' tables and its services' slots are left out; nor,
    // to a guest, the members' areas and the times of members' services (membership-rules.ts).
    const closed = await dayClosures(tx, closureCache, entry.venueId, entry.date);
    const tables = fittingTables(venue, entry.numberOfGuests, null, 'guest', membership).filter((t) => !closed.areas.has(t.seatingAreaId));
    const combinations = fittingCombinations(venue, entry.numberOfGuests, null, 'guest', membership).filter((c) => !closed.areas.has(c.seatingAreaId));
    // Only slots with a free table in memory are tried under lock: a full day costs no more queries.
    const services = servicesOn(venue, entry.date);
    const slots = openSlots(scheduledSlots(venue, experience, entry.date, entry.numberOfGuests), membership).filter(
      (s) =>
        !stayClosure(closed, services, s) &&
        s.startTime >= entry.earliestTime &&
        s.startTime <= entry.latestTime &&
        isBookableInTime(venue.venue, s, now) &&
        (pickTable(tables, busy, s.startMs, s.endMs, venue.areas) ?? pickCombination(combinations, busy, s.startMs, s.endMs)) !== undefined,
    );
    if (slots.length === 0) continue;
    const user = await findUser(tx, entry.userId);
    if (!user) continue;
    // Fair inventory: a guest holding as many unfinished bookings as allowed (or busy holding one right
    // now) is passed by this time, and the table goes to the next guest; their entry keeps its place.
    if (!(await tryLockGuest(tx, user.id)) || (await unfinishedBookings(tx, user.id, now)) >= MAX_UNFINISHED_BOOKINGS) continue;
    for (const slot of slots) {
      let hold: ReservationRow;
      try {
        hold = await insertHold(tx, {
          entry: venue,
          experience,
          user,
          input: {
            venueId: entry.venueId,
            experienceId: entry.experienceId,
            date: entry.date,
            startTime: slot.startTime,
            numberOfGuests: entry.numberOfGuests,
            bookingSource: 'GUEST_WEB',
            locale: storedLocale(entry.locale),
          },
          slot,
          now,
        });
      } catch (err) {
        if (isUnavailable(err)) continue;
        throw err;
      }
      for (const interval of intervalsOf(hold.tableId, hold.combinedTableIds, slot.startMs, slot.endMs)) {
        busy.set(interval.tableId, [...(busy.get(interval.tableId) ?? []), interval]);
      }
      await setStatus(tx, entry, { type: 'table.offer', startTime: slot.startTime, nowMs: now.getTime() }, now, {
        reservationId: hold.id,
        offerExpiresAt: hold.holdExpiresAt,
      });
      await mailWaitlistOffer(tx, { to: user, hold, catalog, link: appLink(deps.config, OFFER_PAGE, { reservation: hold.id }) });
      break;
    }
  }
}

/** Settles the waitlist now (offers lapsed while the server was down) and every `intervalMs`; returns a stop function. */
export function startWaitlistSweeper(deps: WaitlistDeps, intervalMs = 30_000): () => void {
  return startRepeatingJob('waitlist offers', () => settleWaitlist(deps), intervalMs);
}
