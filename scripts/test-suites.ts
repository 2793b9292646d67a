/**
 * `npm test`'s last step: vitest and the browser tests side by side, each line of their output led by
 * the suite's name. Each suite alone keeps a 2-core machine about half busy (vitest waits on PostgreSQL
 * and spawned servers, Playwright on the browser and its server), so together they take little more
 * than the longer one. Exits with the first failing suite's code, after both have finished.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface Suite {
  name: string;
  command: string;
  args: string[];
}

const SUITES: Suite[] = [
  { name: 'vitest', command: 'npx', args: ['--no-install', 'vitest', 'run'] },
  { name: 'e2e', command: 'npx', args: ['--no-install', 'playwright', 'test'] },
];

function run({ name, command, args }: Suite, write: (line: string) => void): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => write(`[${name}] ${line}`));
  }
  return new Promise((done) =>
    child.on('close', (code, signal) => {
      const seconds = Math.round((performance.now() - started) / 1000);
      write(`[${name}] ${code === 0 ? 'passed' : `failed (${code ?? signal})`} in ${seconds} s`);
      done(code ?? 1);
    }),
  );
}

/** Runs the suites at once; the first failing suite's exit code once all have finished, or 0. */
export async function runSuites(suites: Suite[], write: (line: string) => void): Promise<number> {
  const codes = await Promise.all(suites.map((suite) => run(suite, write)));
  return codes.find((code) => code !== 0) ?? 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(await runSuites(SUITES, (line) => process.stdout.write(`${line}\n`)));
}
