/**
 * The host stand's drag (docs/PRODUCT.md §6): a party dropped on a table, or tables joined, is given
 * them (table-swap.ts) and then seated through the visit chart; a seated party dropped on another table
 * is moved. The chart is asked first, so a party that may not be seated yet is not moved either.
 */
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import { reservations } from '../../db/schema';
import { checkVenueAccess } from '../../lib/auth';
import type { SeatAtInput } from '../../../common/validation/host-stand-validation';
import { reservationNotFound, reservationScope } from '../reservations/reservations';
import type { CancelDeps } from '../reservations/reservation-change';
import { changeVisit } from '../staff/visit-lifecycle';
import { visitContextOf, visitTransition } from '../staff/visit-transition';
import { swapTables } from './table-swap';

const sameTables = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

/** 404, 403 another venue's, 409 when a table is taken (20201, naming who has it) or the visit cannot be seated now. */
export async function seatAt(deps: CancelDeps, actor: AuthUser, reservationId: string, input: SeatAtInput) {
  const scope = await reservationScope(deps);
  const [found] = await scope.db.select().from(reservations).where(eq(reservations.id, reservationId));
  if (!found) throw reservationNotFound();
  checkVenueAccess(actor, found.venueId);
  const seated = found.visitStatus === 'SEATED';
  if (!seated) visitTransition(found, { type: 'visit.seat', nowMs: scope.now.getTime() }, visitContextOf(found, scope.catalog));
  if (!sameTables([found.tableId, ...found.combinedTableIds], input.tableIds)) await swapTables(scope, actor, reservationId, input.tableIds);
  const visit = seated ? null : await changeVisit(deps, actor, reservationId, 'seat');
  return { reservationId, tableIds: input.tableIds, visitStatus: visit?.visitStatus ?? found.visitStatus };
}
