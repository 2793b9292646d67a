/**
 * `npm run screenshots`: saves every route at the phone size (390x844) and the tablet size (820x1180)
 * as e2e/screenshots/<size>/<route>.png, by running the guest pages' route tour (e2e/a11y/routes.sizes.spec.ts)
 * with SAVE_SCREENSHOTS=1 against the real server the browser tests start. The old pictures go first, so a
 * route that is gone leaves none behind. The tour's own checks still run.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const DIR = 'e2e/screenshots';
const TOUR = 'e2e/a11y/routes.sizes.spec.ts';
const SIZES = ['phone', 'tablet'];

for (const size of SIZES) {
  rmSync(join(DIR, size), { recursive: true, force: true });
  mkdirSync(join(DIR, size), { recursive: true });
}
const run = spawnSync(
  'npx',
  ['playwright', 'test', TOUR, ...SIZES.flatMap((size) => ['--project', size]), '--grep-invert', 'the staff console'],
  { stdio: 'inherit', env: { ...process.env, SAVE_SCREENSHOTS: '1' } },
);
const saved = SIZES.map((size) => `${readdirSync(join(DIR, size)).filter((f) => f.endsWith('.png')).length} at ${size} size`);
console.log(`Saved ${saved.join(', ')} in ${DIR}/.`);
process.exit(run.status ?? 1);
