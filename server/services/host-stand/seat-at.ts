/**
 * The host stand's drag (docs/PRODUCT.md §6): a party dropped on a table, or tables joined, is given
 * them (table-swap.ts) and then seated through the visit chart; a seated party dropped on another table
 * is moved. The chart is asked first, so a party that may not be seated yet is not moved either. A party
 * dropped on a table too small for it is given that table joined as the set-up combines it.
 */
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import { reservations } from '../../db/schema';
import { checkVenueAccess } from '../../lib/auth';
import { ApiError } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import type { SeatAtInput } from '../../../common/validation/host-stand-validation';
import { combinationsWith } from '../booking-rules/table-fit';
import { venueOf, type CatalogVenue } from '../booking-rules/venue-catalog';
import { reservationNotFound, reservationScope } from '../reservations/reservations';
import type { CancelDeps } from '../reservations/reservation-change';
import { changeVisit } from '../staff/visit-lifecycle';
import { visitContextOf, visitTransition } from '../staff/visit-transition';
import { swapTables } from './table-swap';

const sameTables = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * The tables to give the party, in the order they are tried: those dropped on, or, for one table too small
 * for the party, each combination of it that seats the party (`combinationsWith`), it the booking's own.
 */
function tablesToTry(entry: CatalogVenue, numberOfGuests: number, tableIds: readonly string[]): string[][] {
  const joins = tableIds.length === 1 ? combinationsWith(entry, numberOfGuests, tableIds[0]!) : [];
  // None: the tables are tried as dropped, and refused with their seats.
  return joins.length > 0 ? joins : [[...tableIds]];
}

const isTaken = (error: unknown) => error instanceof ApiError && error.errorCode === ERROR_CODES.TABLE_JUST_TAKEN;

/** 404, 403 another venue's, 409 when a table is taken (20201, naming who has it) or the visit cannot be seated now. */
export async function seatAt(deps: CancelDeps, actor: AuthUser, reservationId: string, input: SeatAtInput) {
  const scope = await reservationScope(deps);
  const [found] = await scope.db.select().from(reservations).where(eq(reservations.id, reservationId));
  if (!found) throw reservationNotFound();
  checkVenueAccess(actor, found.venueId);
  const seated = found.visitStatus === 'SEATED';
  if (!seated) visitTransition(found, { type: 'visit.seat', nowMs: scope.now.getTime() }, visitContextOf(found, scope.catalog));
  let tableIds = input.tableIds;
  if (!sameTables([found.tableId, ...found.combinedTableIds], input.tableIds)) {
    const choices = tablesToTry(venueOf(scope.catalog, found.venueId), found.numberOfGuests, input.tableIds);
    for (const [i, choice] of choices.entries()) {
      try {
        await swapTables(scope, actor, reservationId, choice);
        tableIds = choice;
        break;
      } catch (error) {
        // Another combination of the table may still be free; the last one taken names who has it.
        if (!isTaken(error) || i === choices.length - 1) throw error;
      }
    }
  }
  const visit = seated ? null : await changeVisit(deps, actor, reservationId, 'seat');
  return { reservationId, tableIds, visitStatus: visit?.visitStatus ?? found.visitStatus };
}
