import { describe, expect, it } from 'vitest';
import { estimateWait, quotedFromEstimate, type QuoteInput, type QuoteParty, type QuoteTable } from '../../../server/services/walk-ins/quote-wait';

const NOW = Date.UTC(2026, 11, 4, 11, 52); // 7:52 pm in Hong Kong
const min = (m: number) => NOW + m * 60_000;
const table = (id: string, minGuests: number, maxGuests: number, seatingAreaId = 'main'): QuoteTable => ({ id, minGuests, maxGuests, seatingAreaId });
const party = (numberOfGuests: number, seatingAreaId: string | null = null, turnMinutes = 90): QuoteParty => ({ numberOfGuests, seatingAreaId, turnMinutes });
const busy = (tableId: string, from: number, to: number) => ({ tableId, startMs: min(from), endMs: min(to) });

const input = (over: Partial<QuoteInput>): QuoteInput => ({ nowMs: NOW, tables: [table('T2', 1, 2), table('T4', 2, 4)], busy: [], ahead: [], party: party(2), horizonMinutes: 360, ...over });

describe('estimateWait: the wait until the first fitting table is free for the party', () => {
  it('is 0 on the smallest table that fits when a table is free now', () => {
    expect(estimateWait(input({}))).toEqual({ minutes: 0, tableId: 'T2' });
  });

  it('takes a larger table that is free rather than wait for the smallest', () => {
    expect(estimateWait(input({ busy: [busy('T2', -30, 40)] }))).toEqual({ minutes: 0, tableId: 'T4' });
  });

  it("waits for a seated party's expected end", () => {
    expect(estimateWait(input({ tables: [table('T2', 1, 2)], busy: [busy('T2', -60, 25)] }))).toEqual({ minutes: 25, tableId: 'T2' });
  });

  it('picks whichever fitting table frees first', () => {
    const result = estimateWait(input({ busy: [busy('T2', -60, 40), busy('T4', -60, 15)] }));
    expect(result).toEqual({ minutes: 15, tableId: 'T4' });
  });

  it('does not seat a party on a table free now but booked before its turn ends', () => {
    // T2 is free now but booked at +60; a 90-minute turn does not fit before it, so the party waits for its end.
    const result = estimateWait(input({ tables: [table('T2', 1, 2)], busy: [busy('T2', 60, 150)] }));
    expect(result).toEqual({ minutes: 150, tableId: 'T2' });
  });

  it('fits a short turn into the gap before a booking', () => {
    const result = estimateWait(input({ tables: [table('T2', 1, 2)], busy: [busy('T2', 60, 150)], party: party(2, null, 45) }));
    expect(result).toEqual({ minutes: 0, tableId: 'T2' });
  });

  it('uses a gap between a seated end and the next booking when the turn fits it', () => {
    const result = estimateWait(input({ tables: [table('T2', 1, 2)], busy: [busy('T2', -60, 10), busy('T2', 100, 190)] }));
    expect(result).toEqual({ minutes: 10, tableId: 'T2' });
  });

  it('skips a gap too short for the turn and waits for the next end', () => {
    const result = estimateWait(input({ tables: [table('T2', 1, 2)], busy: [busy('T2', -60, 10), busy('T2', 60, 150)] }));
    expect(result).toEqual({ minutes: 150, tableId: 'T2' });
  });

  it('lets the parties ahead take their tables first, in arrival order', () => {
    const one = estimateWait(input({ tables: [table('T2', 1, 2)], ahead: [party(2)] }));
    expect(one).toEqual({ minutes: 90, tableId: 'T2' });
    const two = estimateWait(input({ tables: [table('T2', 1, 2)], ahead: [party(2), party(1)] }));
    expect(two).toEqual({ minutes: 180, tableId: 'T2' });
  });

  it('is not held up by a party ahead that needs another size of table', () => {
    const result = estimateWait(input({ ahead: [party(4)], party: party(2) }));
    expect(result).toEqual({ minutes: 0, tableId: 'T2' });
  });

  it('is held up by a party ahead that takes the only larger table it could have had', () => {
    // T2 busy for 40 minutes; the party of 4 ahead takes T4 now; the party of 2 waits for T2.
    const result = estimateWait(input({ busy: [busy('T2', -30, 40)], ahead: [party(4)] }));
    expect(result).toEqual({ minutes: 40, tableId: 'T2' });
  });

  it('ignores a party ahead that no table fits', () => {
    expect(estimateWait(input({ ahead: [party(9)] }))).toEqual({ minutes: 0, tableId: 'T2' });
  });

  it('keeps to the dining area asked for', () => {
    const tables = [table('B1', 1, 2, 'bar'), table('T2', 1, 2, 'main')];
    expect(estimateWait(input({ tables, busy: [busy('T2', -30, 30)], party: party(2, 'main') }))).toEqual({ minutes: 30, tableId: 'T2' });
    expect(estimateWait(input({ tables, busy: [busy('T2', -30, 30)], party: party(2) }))).toEqual({ minutes: 0, tableId: 'B1' });
  });

  it('is null when no table seats the party', () => {
    expect(estimateWait(input({ party: party(8) }))).toBeNull();
    expect(estimateWait(input({ tables: [table('T4', 3, 4)], party: party(2) }))).toBeNull();
  });

  it('is null when no table is free within the horizon', () => {
    const result = estimateWait(input({ tables: [table('T2', 1, 2)], busy: [busy('T2', -60, 400)], horizonMinutes: 360 }));
    expect(result).toBeNull();
  });

  it('ignores what ended before now', () => {
    expect(estimateWait(input({ tables: [table('T2', 1, 2)], busy: [busy('T2', -120, -5)] }))).toEqual({ minutes: 0, tableId: 'T2' });
  });

  it('rounds a part of a minute up', () => {
    const result = estimateWait(input({ tables: [table('T2', 1, 2)], busy: [{ tableId: 'T2', startMs: min(-30), endMs: min(12) + 20_000 }] }));
    expect(result?.minutes).toBe(13);
  });

  it('chains back-to-back bookings on one table', () => {
    const result = estimateWait(input({ tables: [table('T2', 1, 2)], busy: [busy('T2', -30, 20), busy('T2', 20, 110), busy('T2', 110, 200)] }));
    expect(result).toEqual({ minutes: 200, tableId: 'T2' });
  });
});

describe('quotedFromEstimate: what the host says', () => {
  it.each([
    [0, 0],
    [1, 5],
    [5, 5],
    [13, 15],
    [40, 40],
    [41, 45],
  ])('%i minutes is quoted as %i', (minutes, quoted) => {
    expect(quotedFromEstimate({ minutes, tableId: 'T2' })).toBe(quoted);
  });
  it('gives no quote without an estimate', () => {
    expect(quotedFromEstimate(null)).toBeNull();
  });
});
