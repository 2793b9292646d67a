/**
 * The services' domains and what each may import (SERVICE_DOMAINS, eslint.config.js), checked on one-line
 * files placed in each: booking-rules imports only server/db, server/lib and common/; a domain imports only
 * the domains it lists; a folder nobody listed yet gets only db, lib, common and booking-rules.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const probe = (specifier: string) => `import * as imported from '${specifier}';\nexport const probe = imported;\n`;

describe('service domains', () => {
  it.each([
    // The rules call no service, no translator, no request context.
    ['server/services/booking-rules/probe.ts', '../reservations/reservations'],
    ['server/services/booking-rules/probe.ts', '../venues/availability'],
    ['server/services/booking-rules/probe.ts', '../staff/why-not'],
    ['server/services/booking-rules/probe.ts', '../../i18n/translator'],
    ['server/services/booking-rules/probe.ts', '../../context'],
    ['server/services/booking-rules/probe.ts', '../../../machines/visit.machine'],
    // A domain imports only what it lists.
    ['server/services/venues/probe.ts', '../reservations/reservations'],
    ['server/services/reservations/probe.ts', '../staff/staff-bookings'],
    ['server/services/wallet/probe.ts', '../payments/payments'],
    // No service reads the routes' response localisation.
    ['server/services/reservations/probe.ts', '../../routes/localisation/content'],
    // A folder not listed yet: only db, lib, common and booking-rules.
    ['server/services/vouchers/probe.ts', '../wallet/wallet-ledger'],
    ['server/services/vouchers/probe.ts', '../../i18n/translator'],
    ['server/services/vouchers/probe.ts', '../../context'],
    ['server/services/probe.ts', './reservations/reservations'],
  ])('refuses in %s: %s', async (file, specifier) => {
    expect(await rulesBroken(file, probe(specifier))).toContain('import-x/no-restricted-paths');
  });

  it.each([
    ['server/services/booking-rules/probe.ts', './table-fit'],
    ['server/services/booking-rules/probe.ts', '../../db/schema'],
    ['server/services/booking-rules/probe.ts', '../../lib/errors'],
    ['server/services/booking-rules/probe.ts', '../../../common/time'],
    ['server/services/venues/probe.ts', '../booking-rules/table-fit'],
    ['server/services/staff/probe.ts', '../booking-rules/staff-refusals'],
    ['server/services/reservations/probe.ts', '../payments/payments'],
    ['server/services/reservations/probe.ts', '../../context'],
    ['server/services/wallet/probe.ts', '../../i18n/translator'],
    ['server/services/vouchers/probe.ts', '../booking-rules/slot-schedule'],
    ['server/services/vouchers/probe.ts', '../../db/schema'],
    ['server/services/vouchers/probe.ts', '../../../common/money'],
  ])('allows in %s: %s', async (file, specifier) => {
    expect(await rulesBroken(file, probe(specifier))).toEqual([]);
  });
});
