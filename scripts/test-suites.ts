/**
 * `npm test`: the type check beside lint, then, when both pass, vitest beside the browser tests, each line
 * of their output led by the suite's name. Each suite alone keeps a 2-core machine about half busy (vitest
 * waits on PostgreSQL and spawned servers, Playwright on the browser and its server; tsc works on one core),
 * so together they take little more than the longer one. Exits with the first failing suite's code, after
 * the others of its stage have finished.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface Suite {
  name: string;
  command: string;
  args: string[];
}

/** The stages of `npm test`, one after the other; the suites of a stage side by side. */
const STAGES: Suite[][] = [
  [
    { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
    { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  ],
  [
    { name: 'vitest', command: 'npx', args: ['--no-install', 'vitest', 'run'] },
    { name: 'e2e', command: 'npx', args: ['--no-install', 'playwright', 'test'] },
  ],
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

/** Runs the stages in turn, each one's suites at once; stops after the first stage that fails, with its code. */
export async function runStages(stages: Suite[][], write: (line: string) => void): Promise<number> {
  for (const suites of stages) {
    const code = await runSuites(suites, write);
    if (code !== 0) return code;
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(await runStages(STAGES, (line) => process.stdout.write(`${line}\n`)));
}
