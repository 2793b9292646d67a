/**
 * `npm run screenshots`: saves every route at the phone size (390x844) and the tablet size (820x1180)
 * as e2e/screenshots/<size>/<route>.png, by running the screenshot tour (e2e/screenshots) with
 * SAVE_SCREENSHOTS=1 against the real server the browser tests start. The old pictures go first, so a
 * route that is gone leaves none behind. The tour's own checks (blank, sideways, untranslated) still run;
 * the check for English in Japanese, which does not change a picture, is left to the test run.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const DIR = 'e2e/screenshots';
const SIZES = ['phone', 'tablet'];

for (const size of SIZES) {
  rmSync(join(DIR, size), { recursive: true, force: true });
  mkdirSync(join(DIR, size), { recursive: true });
}
const run = spawnSync(
  'npx',
  ['playwright', 'test', DIR, ...SIZES.flatMap((size) => ['--project', size]), '--grep-invert', 'no English on any page'],
  { stdio: 'inherit', env: { ...process.env, SAVE_SCREENSHOTS: '1' } },
);
const saved = SIZES.map((size) => `${readdirSync(join(DIR, size)).filter((f) => f.endsWith('.png')).length} at ${size} size`);
console.log(`Saved ${saved.join(', ')} in ${DIR}/.`);
process.exit(run.status ?? 1);
