/**
 * One set-up edit's chart (machines/setup-edit.machine.ts) with the calls a page supplies: the draft is
 * checked against the shared valibot schema first (a refusal lists every problem in the reader's words,
 * as the server's would), then by the server's check, then published.
 */
import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { setupEditMachine, type SetupImpact, type SetupPublished, type SetupDraft } from '../../../machines/setup-edit.machine';
import { throwCallError } from '../../../machines/call-error';
import { invalidate } from '../../api/use-api-query';

export interface SetupCalls<Draft> {
  schema: v.GenericSchema;
  /** The draft as the schema (and the server) read it, when the form keeps it otherwise (numbers typed as text). */
  asInput?(draft: Draft): object;
  check(version: number, draft: Draft): Promise<SetupImpact>;
  publish(version: number, draft: Draft): Promise<SetupPublished>;
}

export function useSetupEdit<Draft extends SetupDraft>(version: number, draft: Draft, calls: SetupCalls<Draft>) {
  const { i18n } = useLingui();
  const machine = useMemo(
    () =>
      setupEditMachine.provide({
        actors: {
          checkChange: fromPromise(async ({ input }) => {
            const draft = calls.asInput ? calls.asInput(input.draft as Draft) : input.draft;
            const parsed = v.safeParse(calls.schema, { ...draft, version: input.version });
            if (!parsed.success) {
              throwCallError({ status: 400, message: '', reasons: [...new Set(parsed.issues.map((issue) => i18n._(issue.message)))] });
            }
            return calls.check(input.version, input.draft as Draft).catch(throwCallError);
          }),
          publishChange: fromPromise(async ({ input }) => {
            const published = await calls.publish(input.version, input.draft as Draft).catch(throwCallError);
            // The guest pages this browser kept show the venue as published from now on.
            invalidate(['venue']);
            return published;
          }),
        },
      }),
    // The calls are the page's for the venue it shows; the page gives this hook a key per venue.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return useMachine(machine, { input: { version, draft } });
}
