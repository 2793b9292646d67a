/**
 * The manage chart's paid change, by its generated paths (manage-change-model.ts): each path replayed on
 * the chart itself, its calls left waiting as the app's would be until the path answers them, and every
 * state checked as the path has it. Together the paths take every branch of the paid change; the manage
 * link's page paths (manage.paths.test.tsx) take the rest of the chart, and tests/ui/manage/manage-change.paths.test.tsx
 * drives the card's paths (paid, given up, run out) through the link's page.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventObject } from 'xstate';
import { listBranches } from '../support/machines/branches';
import { memberChart, PAID_CHANGE_BRANCHES, PAID_CHANGE_COVERED, PAID_CHANGE_PATHS } from '../support/machines/manage-change-model';

/** A call that never answers by itself: the path's own done and error events answer it. */
const waiting = fromPromise(() => new Promise<never>(() => {}));
const CALLS = ['loadReservation', 'loadAvailability', 'quoteChange', 'changeReservation', 'holdChange', 'giveUpChange', 'payment', 'cancelReservation'];

const label = (events: readonly EventObject[]) => events.map((e) => e.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ');

describe('manage chart, generated paths of a change that costs more', () => {
  it('take every branch of the paid change', () => {
    const all = new Set(listBranches(memberChart));
    const paid = [...all].filter((b) => /^manage\.changing\.(reviewing|submittingWithWallet|holding|paying|givingUp|reloading) ·/.test(b));
    // Every branch out of the review and the payment states, bar the page's own "ignored here"s.
    const missed = paid.filter((b) => !PAID_CHANGE_COVERED.has(b) && !b.includes('[no guard passes]') && !b.includes('change.confirm'));
    expect(missed).toEqual([]);
    expect(PAID_CHANGE_BRANCHES.length).toBeGreaterThan(10);
    expect(PAID_CHANGE_PATHS.length).toBeLessThan(20);
  });

  it.each(PAID_CHANGE_PATHS.map((path) => [label(path.steps.slice(1).map((s) => s.event)), path] as const))('%s', (_, path) => {
    const actor = createActor(memberChart.provide({ actors: Object.fromEntries(CALLS.map((id) => [id, waiting])) })).start();
    for (const { event, state } of path.steps.slice(1)) {
      actor.send(event as never);
      const seen = actor.getSnapshot();
      expect(seen.value, `after ${event.type}`).toEqual(state.value);
      expect(seen.context.problem, `the problem after ${event.type}`).toEqual(state.context.problem);
      expect(seen.context.hold?._id ?? null).toBe(state.context.hold?._id ?? null);
    }
    actor.stop();
  });
});
