/**
 * `npm test` runs the type check beside lint, then vitest beside the browser tests (scripts/test-suites.ts):
 * a failure in either fails it, and a failed check stops it before the tests.
 */
import { describe, expect, it } from 'vitest';
import { runStages, runSuites, type Suite } from '../../scripts/test-suites';

const suite = (name: string, exitCode: number, delayMs = 0): Suite => ({
  name,
  command: process.execPath,
  args: ['-e', `setTimeout(() => { console.log('${name} says hi'); process.exit(${exitCode}); }, ${delayMs})`],
});

describe('the suites side by side', () => {
  it('passes when both pass, and leads each line with its suite', async () => {
    const lines: string[] = [];
    expect(await runSuites([suite('a', 0), suite('b', 0)], (line) => lines.push(line))).toBe(0);
    expect(lines).toEqual(expect.arrayContaining(['[a] a says hi', '[b] b says hi']));
    expect(lines.filter((line) => / passed in \d+ s$/.test(line))).toHaveLength(2);
  });

  it('fails with the failing suite’s code, after the other has finished, whichever fails', async () => {
    const lines: string[] = [];
    expect(await runSuites([suite('quick', 3), suite('slow', 0, 300)], (line) => lines.push(line))).toBe(3);
    expect(lines).toContain('[slow] slow says hi');
    expect(await runSuites([suite('quick', 0), suite('slow', 2, 300)], () => {})).toBe(2);
  });
});

describe('the stages in turn', () => {
  it('runs the next stage only when every suite of the one before passed', async () => {
    const lines: string[] = [];
    expect(await runStages([[suite('check', 0), suite('lint', 0)], [suite('tests', 0)]], (line) => lines.push(line))).toBe(0);
    expect(lines).toContain('[tests] tests says hi');

    const stopped: string[] = [];
    expect(await runStages([[suite('check', 4), suite('lint', 0, 300)], [suite('tests', 0)]], (line) => stopped.push(line))).toBe(4);
    expect(stopped).toContain('[lint] lint says hi');
    expect(stopped.some((line) => line.startsWith('[tests]'))).toBe(false);
  });
});
