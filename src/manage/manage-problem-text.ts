/**
 * The manage chart's problems (machines/manage.machine.ts) in the guest's words. Each kind of problem
 * names its message here, and every page words a problem through `useManageProblemText` alone: a new
 * kind is one entry in this map rather than a special case in a page.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ManageProblem } from '../../machines/manage.machine';
import { useManageText } from '../i18n/manage-text';

/** The server's words (or the request layer's 'timeout' / 'network'), carried by the problem itself. */
const SERVER_WORDS = null;

/** Each kind's own message, or SERVER_WORDS for a refusal the server words (translated when known). */
const PROBLEM_MESSAGES: Record<ManageProblem['kind'], MessageDescriptor | typeof SERVER_WORDS> = {
  load: SERVER_WORDS,
  slots: SERVER_WORDS,
  unavailable: SERVER_WORDS,
  change: SERVER_WORDS,
  // The chart's own problem: the hold ran out in the page, with no answer from the server to word it.
  'hold-expired': msg`The time held for your change has run out. Your booking stays as it was.`,
  cancel: SERVER_WORDS,
};

/** The words of a problem of any kind in the user's language; undefined when there is none (or no words). */
export function useManageProblemText(): (problem: ManageProblem | null | undefined) => string | undefined {
  const { i18n } = useLingui();
  const text = useManageText();
  return (problem) => {
    if (!problem) return undefined;
    const own = PROBLEM_MESSAGES[problem.kind];
    return own ? i18n._(own) : text(problem.message);
  };
}
