/**
 * One set-up edit (machines/setup-edit.machine.ts) for a form: the chart decides the steps, the form
 * supplies the one call that checks (`preview`) or publishes its draft. A form that keeps its draft
 * otherwise than the server reads it (numbers typed as text, texts per language) also gives the shared
 * valibot schema, and the draft is checked against it first: a refusal then lists every problem in the
 * reader's words, as the server's would. The actor is made once per mount; the page keys the form by the
 * record it read, so a reload after a conflict starts a fresh edit from the new version.
 */
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { setupEditMachine, type SetupCallInput, type SetupDraft, type SetupImpact, type SetupPublished } from '../../../machines/setup-edit.machine';
import { throwCallError } from '../../../machines/call-error';
import { invalidate } from '../../api/use-api-query';

/** Sends the draft, saving it or (preview) only asking what it would do; answers the new version and the bookings affected. */
export type SetupCall<Draft extends SetupDraft = SetupDraft> = (input: { version: number; draft: Draft }, preview: boolean) => Promise<SetupPublished>;

/** The shared schema a draft is checked against before the server is asked, and the draft as it reads it. */
export interface SetupDraftCheck<Draft> {
  schema: v.GenericSchema;
  asInput?(draft: Draft): object;
}

export function useSetupEdit<Draft extends SetupDraft>(call: SetupCall<Draft>, start: { version: number; draft: Draft }, check?: SetupDraftCheck<Draft>) {
  const { i18n } = useLingui();
  const actor = useActorRef(
    setupEditMachine.provide({
      actors: {
        checkChange: fromPromise<SetupImpact, SetupCallInput>(async ({ input }) => {
          const draft = input.draft as Draft;
          if (check) {
            const parsed = v.safeParse(check.schema, { ...(check.asInput?.(draft) ?? draft), version: input.version });
            if (!parsed.success) throwCallError({ status: 400, message: '', reasons: [...new Set(parsed.issues.map((issue) => i18n._(issue.message)))] });
          }
          return call({ version: input.version, draft }, true).catch(throwCallError);
        }),
        publishChange: fromPromise<SetupPublished, SetupCallInput>(async ({ input }) => {
          const published = await call({ version: input.version, draft: input.draft as Draft }, false).catch(throwCallError);
          // The guest pages this browser kept show the venue as published from now on.
          invalidate(['venue']);
          return published;
        }),
      },
    }),
    { input: start },
  );
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot };
}
