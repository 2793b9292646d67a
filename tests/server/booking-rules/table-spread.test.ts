/**
 * Ties between equally good tables spread by the hold's id (`pickTable`'s `spreadBy`): a hold still gets
 * the smallest free table that fits, the same id always the same table, and parallel holds of one time
 * are shared out over every table the rule ranks equal instead of all asking for the first one's lock.
 */
import { describe, expect, it } from 'vitest';
import { pickTable, type BusyByTable } from '../../../server/services/booking-rules/table-fit';
import type { VenueTableRow } from '../../../server/services/booking-rules/venue-catalog';

const table = (id: string, minGuests: number, maxGuests: number, seatingAreaId = 'room') => ({ id, minGuests, maxGuests, seatingAreaId }) as VenueTableRow;
const TABLES = [table('t6', 4, 6), table('t2a', 1, 2), table('t2b', 1, 2), table('t2c', 1, 2), table('t2d', 2, 2), table('t4', 2, 4)];
const noneBusy: BusyByTable = new Map();
// One dining area, so the tables differ only by size: the area order is another test's (table-order.test.ts).
const AREAS = [{ id: 'room' }];
const ids = Array.from({ length: 64 }, (_, i) => `hold-${i.toString(36)}-${(i * 7919).toString(16)}`);

describe('spreading ties between equally good tables', () => {
  it('gives the first by id without a hold id, as before', () => {
    expect(pickTable(TABLES, noneBusy, 0, 1, AREAS)?.id).toBe('t2a');
  });

  it('gives only tables the rule ranks best, every one of them over many holds, the same one for the same hold', () => {
    const given = ids.map((id) => pickTable(TABLES, noneBusy, 0, 1, AREAS, id)!.id);
    expect(new Set(given)).toEqual(new Set(['t2a', 't2b', 't2c']));
    expect(ids.map((id) => pickTable(TABLES, noneBusy, 0, 1, AREAS, id)!.id)).toEqual(given);
  });

  it('never gives a busy table, and moves on to the next size when the best are all taken', () => {
    const busy: BusyByTable = new Map(['t2a', 't2b'].map((id) => [id, [{ tableId: id, startMs: 0, endMs: 10 }]]));
    expect(new Set(ids.map((id) => pickTable(TABLES, busy, 0, 1, AREAS, id)!.id))).toEqual(new Set(['t2c']));
    busy.set('t2c', [{ tableId: 't2c', startMs: 0, endMs: 10 }]);
    expect(new Set(ids.map((id) => pickTable(TABLES, busy, 0, 1, AREAS, id)!.id))).toEqual(new Set(['t2d']));
  });

  it('spreads only within the first dining area that fits: an equal table of a later area is never given', () => {
    const areas = [{ id: 'room' }, { id: 'bar' }];
    const withBar = [...TABLES, table('bar1', 1, 2, 'bar'), table('bar2', 1, 2, 'bar')];
    expect(new Set(ids.map((id) => pickTable(withBar, noneBusy, 0, 1, areas, id)!.id))).toEqual(new Set(['t2a', 't2b', 't2c']));
  });
});
