/**
 * The set-up edit chart: its generated paths (xstate/graph) take every transition, and each step lands
 * where docs/PRODUCT.md §4 (the set-up edit) says, not where the chart says; then the chart run with stub calls.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { ERROR_CODES } from '../../common/api/error-codes';
import { setupEditMachine, type SetupPublished } from '../../machines/setup-edit.machine';
import type { CallError } from '../../machines/call-error';
import { declaredTransitions, reachedStates, takenTransitions, transitionCoverPaths } from '../support/machines/graph-coverage';

const input = { version: 3, draft: { name: 'T1', maxGuests: 4 } };
const affected = [{ _id: 'r1', uniqueId: 'LEC-1', date: '2026-12-01', startTime: 1140, numberOfGuests: 4, guestName: 'Ann Lee', reasons: ['NO_TABLE' as const] }];
const conflictError: CallError = { status: 409, errorCode: ERROR_CODES.SETUP_CONFLICT, message: 'Someone else changed this first' };
const refusal: CallError = { status: 409, errorCode: ERROR_CODES.SETUP_REFUSED, message: 'Refused', reasons: ['A table seats at least one guest'] };
const badField: CallError = { status: 400, errorCode: ERROR_CODES.VALIDATION, message: 'Invalid name', field: 'name' };
const noAnswer: CallError = { message: 'network' };
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: CallError) => ({ type: `xstate.error.actor.${id}`, error });

const EVENTS = {
  change: { type: 'draft.change', draft: { name: 'T1', maxGuests: 6 } },
  check: { type: 'draft.check' },
  publish: { type: 'preview.publish' },
  back: { type: 'preview.back' },
  mend: { type: 'refused.mend' },
  restart: { type: 'draft.restart', version: 4, draft: { name: 'T1', maxGuests: 2 } },
  checked: done('checkChange', { affected }),
  checkConflict: failed('checkChange', conflictError),
  checkRefused: failed('checkChange', refusal),
  checkBadField: failed('checkChange', badField),
  checkNoAnswer: failed('checkChange', noAnswer),
  published: done('publishChange', { version: 4, affected } satisfies SetupPublished),
  publishConflict: failed('publishChange', conflictError),
  publishRefused: failed('publishChange', refusal),
  publishNoAnswer: failed('publishChange', noAnswer),
} satisfies Record<string, EventObject & Record<string, unknown>>;
type EventName = keyof typeof EVENTS;

/** Where the product's rules put the edit after each event, whatever the chart says. */
const STATE_AFTER: Partial<Record<EventName, string>> = {
  check: 'checking',
  checked: 'preview',
  checkConflict: 'conflict',
  publishConflict: 'conflict',
  checkRefused: 'refused',
  checkBadField: 'refused',
  publishRefused: 'refused',
  checkNoAnswer: 'draft',
  publishNoAnswer: 'preview',
  publish: 'publishing',
  published: 'published',
  back: 'draft',
  mend: 'draft',
  restart: 'draft',
};

const nameOf = new Map(Object.entries(EVENTS).map(([name, event]) => [JSON.stringify(event), name as EventName]));
// The draft's values make no state of their own: the paths differ by step, not by what was typed.
const serializeState = (s: AnyMachineSnapshot) => JSON.stringify(s.value);
const paths = transitionCoverPaths(setupEditMachine, { input, events: Object.values(EVENTS), serializeState });

describe('set-up edit chart, generated paths', () => {
  it('take every transition the chart declares and reach every state', () => {
    const taken = takenTransitions(paths);
    expect([...declaredTransitions(setupEditMachine)].filter((t) => !taken.has(t))).toEqual([]);
    expect(reachedStates(paths)).toEqual(new Set(Object.keys(setupEditMachine.root.states).map((s) => `setupEdit.${s}`).concat('setupEdit')));
  });

  it.each(paths.map((path) => [path.steps.map((s) => nameOf.get(JSON.stringify(s.event)) ?? s.event.type).join(' → '), path] as const))(
    '%s',
    (_, path) => {
      for (const step of path.steps) {
        const name = nameOf.get(JSON.stringify(step.event));
        if (name && STATE_AFTER[name]) expect(step.state.value, `after ${name}`).toBe(STATE_AFTER[name]);
        // Publishing never loses what the server said about the book.
        if (step.state.matches('preview') || step.state.matches('published')) expect(step.state.context.impact?.affected).toEqual(affected);
        if (step.state.matches('refused')) expect(step.state.context.reasons.length).toBeGreaterThan(0);
      }
    },
  );
});

describe('set-up edit chart with its calls', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('sends the draft and its starting version to both calls, and publishes to a new version', async () => {
    const calls: unknown[] = [];
    const actor = createActor(
      setupEditMachine.provide({
        actors: {
          checkChange: fromPromise(async ({ input: call }) => (calls.push(['check', call]), { affected: [] })),
          publishChange: fromPromise(async ({ input: call }) => (calls.push(['publish', call]), { version: 4, affected: [] })),
        },
      }),
      { input },
    ).start();
    actor.send({ type: 'draft.change', draft: { name: 'T9', maxGuests: 8 } });
    actor.send({ type: 'draft.check' });
    await settle();
    expect(actor.getSnapshot().value).toBe('preview');
    actor.send({ type: 'preview.publish' });
    await settle();
    expect(actor.getSnapshot().value).toBe('published');
    expect(actor.getSnapshot().context.publishedVersion).toBe(4);
    expect(calls).toEqual([
      ['check', { version: 3, draft: { name: 'T9', maxGuests: 8 } }],
      ['publish', { version: 3, draft: { name: 'T9', maxGuests: 8 } }],
    ]);
  });

  it('keeps every reason of a refusal, and the draft to mend', async () => {
    const actor = createActor(
      setupEditMachine.provide({ actors: { checkChange: fromPromise(async () => Promise.reject(refusal)) } }),
      { input },
    ).start();
    actor.send({ type: 'draft.check' });
    await settle();
    expect(actor.getSnapshot().context.reasons).toEqual(['A table seats at least one guest']);
    actor.send({ type: 'refused.mend' });
    expect(actor.getSnapshot().context.draft).toEqual(input.draft);
  });

  it('after a conflict starts again from the stored record and its version', async () => {
    const actor = createActor(
      setupEditMachine.provide({ actors: { checkChange: fromPromise(async () => Promise.reject(conflictError)) } }),
      { input },
    ).start();
    actor.send({ type: 'draft.check' });
    await settle();
    expect(actor.getSnapshot().value).toBe('conflict');
    actor.send({ type: 'draft.restart', version: 7, draft: { name: 'T1', maxGuests: 2 } });
    expect(actor.getSnapshot().context).toMatchObject({ version: 7, draft: { name: 'T1', maxGuests: 2 }, impact: null, reasons: [] });
  });
});
