/**
 * No dead ends in the booking wizard (docs/PRODUCT.md §2), as a property of the chart and the address bar
 * the app keeps beside it (e2e/paths/booking-addresses-model.ts): every generated browser path, and at each
 * step a person can act on every one or two of Back, Forward, a typed wizard address and a link to another
 * venue's step, ends on a page that is the chart's step and whose main action is taken.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { bookingSpines, opSequences, replayMixed, replaySpine } from '../../e2e/paths/booking-addresses-model';

const spines = bookingSpines();
const sequences = opSequences();
let replayed = 0;

// Every spine replayed with its mixed paths: the count is what the property covered.
afterAll(() => {
  if (replayed > 0) console.info(`booking addresses: ${spines.length} generated paths, ${replayed} mixed paths replayed`);
});

describe('the booking wizard’s addresses', () => {
  it.each(spines.map((plan) => [plan.title, plan] as const))('%s, with Back, Forward and typed addresses at every step', (_, plan) => {
    const problems: string[] = [];
    let mixed = 0;
    for (const [i, step] of replaySpine(plan).entries()) {
      if (step.problem) problems.push(`step ${i + 1} (${step.event}): ${step.problem}`);
      if (!step.settled) continue;
      for (const ops of sequences) {
        const { problem, performed } = replayMixed(step.browser, ops);
        if (performed) mixed++;
        if (problem) problems.push(`after step ${i + 1} (${step.event}): ${problem}`);
      }
    }
    replayed += mixed;
    expect(mixed).toBeGreaterThan(0);
    expect([...new Set(problems)].slice(0, 10)).toEqual([]);
  });
});
