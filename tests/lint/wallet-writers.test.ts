/**
 * The wallet's one writer (eslint.config.js, decision 0033): an entry written anywhere in server/ but the
 * wallet's own folder is refused, by Drizzle or by raw SQL, checked on one-line files planted in the tree;
 * reading the entries and re-pointing or anonymising them (an UPDATE) stay allowed everywhere.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const RULE = 'no-restricted-syntax';

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const SCHEMA = "import { sql } from 'drizzle-orm';\nimport * as schema from '../../db/schema';\nimport { walletEntries } from '../../db/schema';\nimport type { DbOrTx } from '../../db/client';\n";
const probe = (body: string) => `${SCHEMA}export async function probe(tx: DbOrTx) {\n  ${body}\n}\nexport const unused = [sql, schema, walletEntries];\n`;

const WRITES = [
  ['a Drizzle insert', "await tx.insert(walletEntries).values({ id: 'x', userId: 'u', type: 'CHARGE', amount: -1, description: 'x' });"],
  ['a Drizzle insert through the schema', "await tx.insert(schema.walletEntries).values({ id: 'x', userId: 'u', type: 'CHARGE', amount: -1, description: 'x' });"],
  ['a raw SQL insert', "await tx.execute(sql`INSERT INTO wallet_entries (id, user_id, type, amount, description) VALUES ('x', ${'u'}, 'CHARGE', -1, 'x')`);"],
  ['a raw SQL insert, lower case over lines', "await tx.execute(sql`insert\n    into wallet_entries (id) values (${'x'})`);"],
  ['a raw SQL insert with the schema named', 'await tx.execute(sql`INSERT INTO "public"."wallet_entries" (id) VALUES (1)`);'],
  ['a raw SQL insert in a plain string', "await tx.execute(sql.raw('INSERT INTO wallet_entries (id) VALUES (1)'));"],
] as const;

describe('the wallet has one writer', () => {
  it.each(WRITES)('refuses %s in server/services/payments/', async (_what, body) => {
    expect(await rulesBroken('server/services/payments/probe.ts', probe(body))).toContain(RULE);
  });

  it.each(WRITES)('refuses %s elsewhere in server/ (a folder nobody named yet)', async (_what, body) => {
    expect(await rulesBroken('server/services/vouchers/probe.ts', probe(body))).toContain(RULE);
  });

  it.each(WRITES)('allows %s in server/services/wallet/', async (_what, body) => {
    expect(await rulesBroken('server/services/wallet/probe.ts', probe(body))).toEqual([]);
  });

  it.each([
    ['a read', 'await tx.select().from(walletEntries);'],
    ['a merge re-pointing entries', "await tx.update(walletEntries).set({ userId: 'kept' });"],
    ['an insert into another table', "await tx.insert(schema.cardEntries).values({ id: 'x', userId: 'u', paymentId: 'p', type: 'PAYMENT', amount: -1, description: 'x' });"],
    ['raw SQL reading the entries', 'await tx.execute(sql`SELECT sum(amount) FROM wallet_entries`);'],
  ])('allows %s outside the wallet', async (_what, body) => {
    expect(await rulesBroken('server/services/guest-book/probe.ts', probe(body))).toEqual([]);
  });
});
