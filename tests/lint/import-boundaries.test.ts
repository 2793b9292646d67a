/**
 * The layers' import boundaries (eslint.config.js), checked on one-line files placed in each layer: a
 * boundary that stopped holding would let such an import into the tree unnoticed.
 */
import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('import boundaries', () => {
  it.each([
    ['src/api/probe.ts', "import { useToast } from '../components/toast';\nexport const probe = useToast;\n"],
    ['src/api/probe.ts', "import LoginPage from '../routes/login';\nexport const probe = LoginPage;\n"],
    ['machines/probe.ts', "import { NavBar } from '../src/components/nav-bar';\nexport const probe = NavBar;\n"],
    ['machines/probe.ts', "import { navigateTo } from '../src/navigation/navigator';\nexport const probe = navigateTo;\n"],
    ['server/probe.ts', "import { api } from '../src/api/api';\nexport const probe = api;\n"],
    ['server/probe.ts', "import { Page } from '../src/components/page';\nexport const probe = Page;\n"],
    ['src/probe.ts', "import { createApp } from '../server/app';\nexport const probe = createApp;\n"],
    // The layers are allow-lists: a folder nobody named yet is covered from its first file.
    ['server/probe.ts', "import { DaySheet } from '../src/staff/day-sheet';\nexport const probe = DaySheet;\n"],
    ['server/vouchers/probe.ts', "import { DaySheet } from '../../src/staff/day-sheet';\nexport const probe = DaySheet;\n"],
    ['src/vouchers/probe.ts', "import { createApp } from '../../server/app';\nexport const probe = createApp;\n"],
    ['machines/probe.ts', "import { api } from '../src/api/api';\nexport const probe = api;\n"],
    ['machines/probe.ts', "import { createApp } from '../server/app';\nexport const probe = createApp;\n"],
    ['common/probe.ts', "import { bookingMachine } from '../machines/booking/booking.machine';\nexport const probe = bookingMachine;\n"],
    ['common/probe.ts', "import { api } from '../src/api/api';\nexport const probe = api;\n"],
    ['common/probe.ts', "import { db } from '../server/db/client';\nexport const probe = db;\n"],
    ['src/api/probe.ts', "import { BookingStep } from '../booking/booking-step';\nexport const probe = BookingStep;\n"],
  ])('refuses in %s: %s', async (file, code) => {
    expect(await rulesBroken(file, code)).toContain('import-x/no-restricted-paths');
  });

  it.each([
    ['server/probe.ts', "import type { paths } from '../common/api/schema';\nexport type Probe = paths;\n"],
    ['server/probe.ts', "import { depositTierFor } from '../common/money';\nexport const probe = depositTierFor;\n"],
    ['server/probe.ts', "import { visitMachine } from '../machines/visit.machine';\nexport const probe = visitMachine;\n"],
    ['machines/probe.ts', "import { addDays } from '../common/time';\nexport const probe = addDays;\n"],
    ['src/vouchers/probe.ts', "import { addDays } from '../../common/time';\nexport const probe = addDays;\n"],
    ['src/components/probe.ts', "import { api } from '../api/api';\nexport const probe = api;\n"],
  ])('allows in %s: %s', async (file, code) => {
    expect(await rulesBroken(file, code)).toEqual([]);
  });
});

describe('feature zones inside src/', () => {
  it.each([
    // A feature uses the shared pieces, never another feature it does not name.
    ['src/wallet/probe.ts', "import { BookingStep } from '../booking/booking-step';\nexport const probe = BookingStep;\n"],
    ['src/booking/probe.ts', "import { manageActors } from '../manage/manage-actors';\nexport const probe = manageActors;\n"],
    ['src/staff/guests/probe.ts', "import { EntryList } from '../../wallet/wallet-entry';\nexport const probe = EntryList;\n"],
    // Nor a page: the pages put the features together.
    ['src/staff/probe.ts', "import LoginPage from '../routes/login';\nexport const probe = LoginPage;\n"],
    // The shared pieces use no feature.
    ['src/components/probe.ts', "import { BookingStep } from '../booking/booking-step';\nexport const probe = BookingStep;\n"],
    ['src/navigation/probe.ts', "import { PaymentPanel } from '../payment/payment-panel';\nexport const probe = PaymentPanel;\n"],
    // A folder nobody named yet is covered from its first file.
    ['src/vouchers/probe.ts', "import { PaymentPanel } from '../payment/payment-panel';\nexport const probe = PaymentPanel;\n"],
    ['src/vouchers/probe.ts', "import LoginPage from '../routes/login';\nexport const probe = LoginPage;\n"],
  ])('refuses in %s: %s', async (file, code) => {
    expect(await rulesBroken(file, code)).toContain('import-x/no-restricted-paths');
  });

  it.each([
    ['src/manage/probe.ts', "import { PaymentPanel } from '../payment/payment-panel';\nexport const probe = PaymentPanel;\n"],
    ['src/manage/probe.ts', "import { TimeButtons } from '../booking/time-buttons';\nexport const probe = TimeButtons;\n"],
    ['src/staff/probe.ts', "import { DaySheetView } from './day-sheet';\nexport const probe = DaySheetView;\n"],
    ['src/vouchers/probe.ts', "import { Page } from '../components/page';\nexport const probe = Page;\n"],
    ['src/routes/probe.tsx', "import { WalletTopUp } from '../wallet/wallet-top-up';\nexport const probe = WalletTopUp;\n"],
  ])('allows in %s: %s', async (file, code) => {
    expect(await rulesBroken(file, code)).toEqual([]);
  });

  it("names every folder of src/ but the pages' (which may use any)", async () => {
    const config = (await eslint.calculateConfigForFile('src/app.tsx')) as { rules: Record<string, [unknown, { zones: { target: unknown }[] }]> };
    const named = config.rules['import-x/no-restricted-paths']![1].zones
      .map(({ target }) => (typeof target === 'string' ? /^\.\/src\/([\w-]+)$/.exec(target)?.[1] : undefined))
      .filter((name) => name !== undefined);
    const folders = readdirSync('src', { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'routes')
      .map((entry) => entry.name);
    expect(folders.filter((folder) => !named.includes(folder))).toEqual([]);
  });
});

describe('page links', () => {
  const message = 'no-restricted-syntax';
  it.each([
    ["const a = <a href=\"#/pages/order\">x</a>;", 'a literal address'],
    ["const a = <a href={`#/pages/order?id=${id}`}>x</a>;", 'a template address'],
    ["const a = <a href={`#${pageAddress('order')}`}>x</a>;", 'a `#` glued to an address'],
    ["window.open(`${location.pathname}#/pages/book-now`);", 'an address inside a longer string'],
  ])('refuses a hand-built page link: %s (%s)', async (code) => {
    expect(await rulesBroken('src/routes/probe.tsx', `${code}\n`)).toContain(message);
  });

  it('accepts PageLink and href()', async () => {
    const code = "import { PageLink } from '../components/page-link';\nimport { href } from '../navigation/navigator';\nexport const a = <PageLink to=\"order\">x</PageLink>;\nexport const b = <a href={href('order', { id: '1' })}>x</a>;\n";
    expect(await rulesBroken('src/routes/probe.tsx', code)).toEqual([]);
  });
});
