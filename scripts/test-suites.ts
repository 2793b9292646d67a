/**
 * `npm test`'s last step: vitest and the browser tests side by side, each line of their output led by
 * the suite's name. Each suite alone keeps a 2-core machine about half busy (vitest waits on PostgreSQL
 * and spawned servers, Playwright on the browser and its server), so together they take little more
 * than the longer one. Exits with the first failing suite's code, after both have finished.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const SUITES: { name: string; args: string[] }[] = [
  { name: 'vitest', args: ['vitest', 'run'] },
  { name: 'e2e', args: ['playwright', 'test'] },
];

function run({ name, args }: (typeof SUITES)[number]): Promise<number> {
  const started = performance.now();
  const child = spawn('npx', ['--no-install', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${name}] ${line}\n`));
  }
  return new Promise((done) =>
    child.on('close', (code, signal) => {
      const seconds = Math.round((performance.now() - started) / 1000);
      console.log(`[${name}] ${code === 0 ? 'passed' : `failed (${code ?? signal})`} in ${seconds} s`);
      done(code ?? 1);
    }),
  );
}

const codes = await Promise.all(SUITES.map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
