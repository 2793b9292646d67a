/**
 * Mutation check of the charts' path tests: for each chart, one transition's target changed and, apart,
 * one guard flipped, each in a copy of the chart (`machines/<chart>.machine.mutant.ts`, which the run's
 * imports of the chart resolve to), then that chart's path tests run against it. Prints, per mutant,
 * whether a test failed and which. Not part of CI (each mutant is a vitest run): `npm run mutate:charts`,
 * or `npm run mutate:charts -- manage visit` for some charts; `-- --browser` runs each mutant against its
 * chart's browser paths (e2e/paths, several minutes each); `-- --tests=a.test.ts,b.test.ts` runs only those of
 * each mutant's tests (`-- booking --tests=tests/machines/booking-addresses.paths.test.ts`: the wizard's
 * address property alone against every booking mutant).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface Mutation {
  chart: string;
  /** The chart's file under machines/, without `.ts`, when it is not `<chart>.machine`. */
  file?: string;
  kind: 'target' | 'guard';
  /** The text changed in the chart, and what it becomes (it must occur exactly once). */
  from: string;
  to: string;
  /** The path tests of this chart. */
  tests: string[];
  /** Its browser path spec (e2e/paths), run with `--browser` instead of `tests`. */
  browser?: string;
}

/** `not` for a flipped guard, added to the chart's import from xstate. */
const WITH_NOT = (imports: string) => ({ from: `import { ${imports} } from 'xstate';`, to: `import { not, ${imports} } from 'xstate';` });

const MANAGE_TESTS = ['tests/machines/manage.paths.test.tsx'];
const MANAGE_BROWSER = 'e2e/paths/manage.paths.spec.ts';

/** A chart whose generated paths drive the app in jsdom (tests/machines/<chart>.paths.test.tsx) and the browser. */
function chartTests(chart: string, changes: Record<Mutation['kind'], [from: string, to: string]>): Mutation[] {
  return (Object.entries(changes) as [Mutation['kind'], [string, string]][]).map(([kind, [from, to]]) => ({
    chart,
    kind,
    from,
    to,
    tests: [`tests/machines/${chart}.paths.test.tsx`],
    browser: `e2e/paths/${chart}.paths.spec.ts`,
  }));
}
const MUTATIONS: Mutation[] = [
  {
    chart: 'manage',
    kind: 'target',
    from: `'cancel.confirm': { target: 'submitting' },`,
    to: `'cancel.confirm': { target: 'failed' },`,
    tests: MANAGE_TESTS,
    browser: MANAGE_BROWSER,
  },
  { chart: 'manage', kind: 'guard', from: `guard: 'isUnavailable',`, to: `guard: not('isUnavailable'),`, tests: MANAGE_TESTS, browser: MANAGE_BROWSER },
  // The change's dining area (offered only among the areas free at the picked time).
  { chart: 'manage', kind: 'guard', from: `guard: 'isOfferedArea',`, to: `guard: not('isOfferedArea'),`, tests: MANAGE_TESTS, browser: MANAGE_BROWSER },
  {
    chart: 'visit',
    kind: 'target',
    from: `'visit.undoArrival': { target: 'confirmed' },`,
    to: `'visit.undoArrival': { target: 'seated' },`,
    tests: ['tests/server/staff/visit-paths.test.ts'],
  },
  {
    chart: 'visit',
    kind: 'guard',
    from: `guard: 'beforeStart',`,
    to: `guard: not('beforeStart'),`,
    tests: ['tests/server/staff/visit-paths.test.ts'],
  },
  {
    chart: 'waitlist',
    kind: 'target',
    from: `'offer.decline': { target: 'declined',`,
    to: `'offer.decline': { target: 'lapsed',`,
    tests: ['tests/server/waitlist/waitlist-paths.test.ts'],
  },
  {
    chart: 'waitlist',
    kind: 'guard',
    from: `guard: 'windowPassed',`,
    to: `guard: not('windowPassed'),`,
    tests: ['tests/server/waitlist/waitlist-paths.test.ts'],
  },
  ...[
    ...chartTests('booking', {
      target: [`after: { holdExpiry: { target: '#booking.expired' } },`, `after: { holdExpiry: { target: '#booking.warning' } },`],
      guard: [`guard: 'isUnavailable', target: 'loadingSlots'`, `guard: not('isUnavailable'), target: 'loadingSlots'`],
    }),
    // The wizard's addresses (docs/PRODUCT.md §2, no dead ends): Back to the dining areas, and the details from a later held step.
    ...chartTests('booking', {
      target: [`{ guard: 'canRevisitSeating', target: '.seating' },`, `{ guard: 'canRevisitSeating', target: '.timeslot' },`],
      guard: [`{ guard: 'visitsDetails', target: '.step.created.details' },`, `{ guard: not('visitsDetails'), target: '.step.created.details' },`],
    }),
  ].map((mutation) => ({ ...mutation, file: 'booking/booking.machine', tests: [...mutation.tests, 'tests/machines/booking-addresses.paths.test.ts'] })),
  // The guest-identity chart, which the booking chart invokes: its generated paths are replayed on the chart
  // itself (its unit file), as the booking paths see only its done event.
  ...(
    [
      ['target', `'identify.login': { target: 'loginRequired' },`, `'identify.login': { target: 'verifying' },`],
      ['guard', `guard: 'visitsDetails',`, `guard: not('visitsDetails'),`],
    ] as const
  ).map(
    ([kind, from, to]): Mutation => ({ chart: 'guest-identity', file: 'booking/guest-identity.machine', kind, from, to, tests: ['tests/machines/guest-identity.machine.test.ts'] }),
  ),
  ...chartTests('payment', {
    target: [`'challenge.fail': { target: 'answeringChallenge' },`, `'challenge.fail': { target: 'confirming' },`],
    guard: [`guard: 'needsChallenge',`, `guard: not('needsChallenge'),`],
  }),
  // The card guarantee chart, which the booking chart invokes: its generated paths and rules are its unit file's.
  ...(
    [
      ['target', `'challenge.fail': { target: 'answeringChallenge' },`, `'challenge.fail': { target: 'checking' },`],
      ['guard', `{ guard: 'saved', target: 'saved', actions: 'storeGuarantee' },`, `{ guard: not('saved'), target: 'saved', actions: 'storeGuarantee' },`],
    ] as const
  ).map(([kind, from, to]): Mutation => ({ chart: 'card-guarantee', kind, from, to, tests: ['tests/machines/card-guarantee.machine.test.ts'] })),
  // The phone verification chart has no guard: two targets changed instead. Its generated paths are
  // replayed on the chart itself (its unit file), as the booking paths see only its done event.
  ...(
    [
      [`onDone: { target: 'verified' },`, `onDone: { target: 'codeEntry' },`],
      [`onError: { target: 'codeEntry', actions: 'noteCheckFailed' },`, `onError: { target: 'verified', actions: 'noteCheckFailed' },`],
    ] as const
  ).map(([from, to]): Mutation => ({ chart: 'phone-verification', kind: 'target', from, to, tests: ['tests/machines/phone-verification.machine.test.ts'] })),
  // The session chart's unit file keeps behaviour tests a mutant may fail too.
  ...chartTests('session', {
    // A refused scheduled refresh (the session's own, not the profile's: that text is in both).
    target: [
      `actions: ['saveTokens', 'storeTokenTiming'],\n            },\n            onError: { target: '#session.expired' },`,
      `actions: ['saveTokens', 'storeTokenTiming'],\n            },\n            onError: { target: '#session.loggedOut' },`,
    ],
    guard: [`guard: 'signedOutElsewhere',`, `guard: not('signedOutElsewhere'),`],
  }).map((mutation) => ({ ...mutation, tests: [...mutation.tests, 'tests/machines/session.machine.test.ts'] })),
];

const root = process.cwd();
/** `--browser`: each mutant against its chart's browser paths (Playwright builds the app and starts the server from source). */
const inBrowser = process.argv.includes('--browser');
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
/** `--tests=`: only these of each mutant's tests. */
const onlyTests = process.argv.find((arg) => arg.startsWith('--tests='))?.slice('--tests='.length).split(',');
const chosen = MUTATIONS.map((m) => (onlyTests ? { ...m, tests: m.tests.filter((t) => onlyTests.includes(t)) } : m)).filter(
  (m) => m.tests.length > 0,
).filter((m) => (only.length === 0 || only.includes(m.chart)) && (!inBrowser || m.browser));

function mutate(source: string, mutation: Mutation): string {
  const once = (text: string, from: string, to: string) => {
    const at = text.indexOf(from);
    if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`${mutation.chart}: '${from}' must occur exactly once`);
    return text.slice(0, at) + to + text.slice(at + from.length);
  };
  let mutant = once(source, mutation.from, mutation.to);
  // A chart that imports `not` already (the manage chart) keeps its import: a second `not` in it made the
  // mutant a syntax error, which failed its run before any test and was counted as caught.
  const imports = /import \{ ([^}]+) \} from 'xstate';/.exec(mutant)![1]!;
  if (mutation.to.includes('not(') && !imports.split(',').some((name) => name.trim() === 'not')) {
    const withNot = WITH_NOT(imports);
    mutant = once(mutant, withNot.from, withNot.to);
  }
  return mutant;
}

interface Outcome {
  mutation: Mutation;
  killed: boolean;
  failed: string[];
  seconds: number;
}

/** A run that failed with no test or file to blame (vitest itself did not run) caught nothing: said apart. */
const resultOf = ({ killed, failed }: Outcome) => (!killed ? '**missed**' : failed.length > 0 ? 'caught' : '**the run failed: see its errors**');

function run(mutation: Mutation): Outcome {
  const file = mutation.file ?? `${mutation.chart}.machine`;
  const chart = join(root, 'machines', `${file}.ts`);
  const mutantFile = join(root, 'machines', `${file}.mutant.ts`);
  const base = file.split('/').pop()!.replace('.', '\\.');
  const config = join(root, `vitest.mutant-${process.pid}.config.ts`);
  const report = join(root, `.mutant-${process.pid}.json`);
  writeFileSync(mutantFile, mutate(readFileSync(chart, 'utf8'), mutation));
  // Every import of the chart (app, server, tests) resolves to the mutant in this run.
  writeFileSync(
    config,
    `import { mergeConfig } from 'vitest/config';
import base from './vite.config.ts';
export default mergeConfig(base, {
  resolve: { alias: [{ find: /^(\\.{1,2}\\/)+(.+\\/)?${base}$/, replacement: ${JSON.stringify(mutantFile)} }] },
});
`,
  );
  const started = Date.now();
  try {
    const result = spawnSync('npx', ['vitest', 'run', '--config', config, '--reporter=json', `--outputFile=${report}`, ...mutation.tests], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const seconds = (Date.now() - started) / 1000;
    const results = existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as VitestReport) : { testResults: [] };
    const failed = results.testResults.flatMap((file) => {
      const name = file.name.replace(`${root}/`, '');
      const tests = file.assertionResults.filter((t) => t.status === 'failed').map((t) => `${name} › ${t.fullName}`);
      // A file that failed before its tests (at collection, or the mutant not loading) is named with its error's first line.
      return tests.length > 0 || file.status !== 'failed' ? tests : [`${name} (failed before its tests: ${(file.message ?? '').split('\n')[0]})`];
    });
    return { mutation, killed: result.status !== 0, failed, seconds };
  } finally {
    [mutantFile, config, report].forEach((file) => rmSync(file, { force: true }));
  }
}

/**
 * The browser build and the server read the chart's own file: the mutant stands in for it during the run
 * and the original is put back afterwards, also on Ctrl-C (a copy waits beside it until then).
 */
function runInBrowser(mutation: Mutation): Outcome {
  const chart = join(root, 'machines', `${mutation.file ?? `${mutation.chart}.machine`}.ts`);
  const original = readFileSync(chart, 'utf8');
  const kept = `${chart}.original`;
  const report = join(root, `.mutant-${process.pid}.json`);
  writeFileSync(kept, original);
  const restore = () => {
    writeFileSync(chart, original);
    rmSync(kept, { force: true });
  };
  process.once('SIGINT', () => {
    restore();
    process.exit(130);
  });
  writeFileSync(chart, mutate(original, mutation));
  const started = Date.now();
  try {
    const result = spawnSync('npx', ['playwright', 'test', mutation.browser!, '--reporter=json'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    });
    const seconds = (Date.now() - started) / 1000;
    const results = existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as PlaywrightReport) : { suites: [] };
    const failed: string[] = [];
    const visit = (suite: PlaywrightSuite) => {
      suite.specs?.forEach((spec) => {
        if (!spec.ok) failed.push(`${mutation.browser} › ${spec.title}`);
      });
      suite.suites?.forEach(visit);
    };
    results.suites.forEach(visit);
    return { mutation, killed: result.status !== 0, failed, seconds };
  } finally {
    restore();
    rmSync(report, { force: true });
  }
}

interface PlaywrightSuite {
  specs?: { title: string; ok: boolean }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  suites: PlaywrightSuite[];
}

interface VitestReport {
  testResults: { name: string; status: string; message?: string; assertionResults: { status: string; fullName: string }[] }[];
}

const outcomes: Outcome[] = [];
for (const mutation of chosen) {
  process.stderr.write(`\n${mutation.chart} (${mutation.kind}): ${mutation.from} → ${mutation.to}\n`);
  const outcome = inBrowser ? runInBrowser(mutation) : run(mutation);
  outcomes.push(outcome);
  process.stderr.write(`${!outcome.killed ? 'SURVIVED' : outcome.failed.length > 0 ? 'KILLED' : 'RUN FAILED'} in ${outcome.seconds.toFixed(0)} s\n`);
}

console.log('\n| chart | mutation | changed | result | failing tests (first 3) | s |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const { mutation, killed, failed, seconds } of outcomes) {
  const shown = failed.slice(0, 3).join('<br>') + (failed.length > 3 ? `<br>… ${failed.length} in all` : '');
  console.log(
    `| ${mutation.chart} | ${mutation.kind} | \`${mutation.from}\` → \`${mutation.to}\` | ${resultOf({ mutation, killed, failed, seconds })} | ${shown || '—'} | ${seconds.toFixed(0)} |`,
  );
}
process.exitCode = outcomes.every((o) => o.killed && o.failed.length > 0) ? 0 : 1;
