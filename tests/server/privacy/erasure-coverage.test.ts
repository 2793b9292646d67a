/**
 * Every table that names a person or holds words about one is classified for the erasure
 * (server/services/privacy/personal-data-map.ts, docs/decisions/0032-erasure-all-of-it.md): read from the
 * live schema on each driver, so a table a migration adds with such a column fails here until someone
 * says whether its rows are erased, anonymised (which columns) or kept, and why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMISED_TABLES, ERASED_TABLES, KEPT_TABLES } from '../../../server/services/privacy/personal-data-map';
import { createTestApi, testDrivers, type TestApi } from '../../support/server/harness';
import { liveColumns, type LiveColumn } from '../../support/server/live-schema';

/**
 * A column naming a person or pointing to one (user_id, guest_id, author_id, actor_id, created_by,
 * account, recipient, e-mail, phone or mobile, a name) or holding free text that may be about one
 * (notes, a body, a comment, a message, an answer, a description, a key, anything in JSON).
 */
const PERSONAL =
  /(^|_)(user|guest|author|actor|account|customer|member|owner)(_id)?$|_by$|email|phone|mobile|recipient|(^|_)name$|note|body|comment|message|answer|description|allerg|dietary|occasion|(^|_)key$/;

// Files (pictures, menus' PDFs) are the club's uploads, never text about a person.
const looksPersonal = (c: LiveColumn) => c.type !== 'bytea' && (PERSONAL.test(c.column) || c.type === 'jsonb');

for (const driver of testDrivers()) {
  describe(`every table with personal data is classified for the erasure (${driver})`, () => {
    let api: TestApi;
    let columns: LiveColumn[];
    beforeAll(async () => {
      api = await createTestApi({ driver, seed: false });
      columns = await liveColumns(api.deps.db);
    });
    afterAll(() => api.close());

    const classified = () => [...Object.keys(ERASED_TABLES), ...Object.keys(ANONYMISED_TABLES), ...Object.keys(KEPT_TABLES)];

    it('names each table with such a column in exactly one list', () => {
      const personal = [...new Set(columns.filter(looksPersonal).map((c) => c.table))];
      expect(personal.length).toBeGreaterThan(20);
      const unclassified = personal.filter((t) => !classified().includes(t));
      expect(unclassified, `not classified in personal-data-map.ts: ${unclassified.join(', ')}`).toEqual([]);
      const twice = classified().filter((t, i, all) => all.indexOf(t) !== i);
      expect(twice, 'classified twice').toEqual([]);
    });

    it('lists no table the database does not have', () => {
      const tables = new Set(columns.map((c) => c.table));
      expect(classified().filter((t) => !tables.has(t))).toEqual([]);
    });

    it("says of every personal column of an anonymised table whether it is emptied or kept, and why", () => {
      for (const [table, { erased, kept }] of Object.entries(ANONYMISED_TABLES)) {
        const own = columns.filter((c) => c.table === table);
        const names = own.map((c) => c.column);
        expect(erased.filter((c) => !names.includes(c)), `${table}: no such columns`).toEqual([]);
        expect(Object.keys(kept).filter((c) => !names.includes(c)), `${table}: no such columns`).toEqual([]);
        const open = own.filter(looksPersonal).filter((c) => !erased.includes(c.column) && !(c.column in kept));
        expect(open.map((c) => c.column), `${table}: personal columns neither emptied nor kept with a reason`).toEqual([]);
      }
    });
  });
}
