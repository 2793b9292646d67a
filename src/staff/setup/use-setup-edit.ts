/**
 * Runs one set-up edit (machines/setup-edit.machine.ts) for a page: the chart decides the steps, the page
 * supplies the one call that checks (`preview`) or publishes the draft. The actor is made once per
 * record read (`key`), so a reload after a conflict starts a fresh edit from the new version.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { setupEditMachine, type SetupCallInput, type SetupDraft, type SetupImpact, type SetupPublished } from '../../../machines/setup-edit.machine';
import { throwCallError } from '../../../machines/call-error';

/** Sends the draft, saving it or (preview) only asking what it would do; answers the new version and the bookings affected. */
export type SetupCall = (input: SetupCallInput, preview: boolean) => Promise<SetupPublished>;

export function useSetupEdit(call: SetupCall, start: { version: number; draft: SetupDraft }) {
  const actor = useActorRef(
    setupEditMachine.provide({
      actors: {
        checkChange: fromPromise<SetupImpact, SetupCallInput>(({ input }) => call(input, true).catch(throwCallError)),
        publishChange: fromPromise<SetupPublished, SetupCallInput>(({ input }) => call(input, false).catch(throwCallError)),
      },
    }),
    { input: start },
  );
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot };
}
