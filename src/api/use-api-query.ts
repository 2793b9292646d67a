/**
 * Reads data for a page. Calls with the same key share one request while it is on its way, and its
 * answer is kept for a short while, so remounts (StrictMode, back and forth) do not call twice.
 */
import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useContext, useEffect, useState } from 'react';
import { FailureReportContext } from './failure-report';

const FRESH_MS = 30_000;
const inFlight = new Map<string, Promise<unknown>>();
const answers = new Map<string, { at: number; value: unknown }>();

/**
 * Answers are kept per language (the server translates names and messages), so switching languages
 * loads the page's data again in the new one; `invalidate` prefixes still match, the language comes last.
 */
export function fetchOnce<T>(dataKey: string, load: () => Promise<T>): Promise<T> {
  const key = `${dataKey}@${i18n.locale}`;
  const kept = answers.get(key);
  if (kept && Date.now() - kept.at < FRESH_MS) return Promise.resolve(kept.value as T);
  let pending = inFlight.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = load()
      .then((value) => {
        answers.set(key, { at: Date.now(), value });
        return value;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** Forgets kept answers whose key starts with the prefix, after a change that makes them stale. */
export function invalidate(prefix: string): void {
  for (const key of answers.keys()) if (key.startsWith(prefix)) answers.delete(key);
}

export type QueryState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: T };

/**
 * `key` null means "nothing to load yet". A refused read also shows the server's message as a toast for
 * 3 s (SPEC §7), or 'ERROR' when the server gave none; `showError: false` leaves it to the page, and a
 * function leaves to the page the failures it returns false for.
 */
export function useApiQuery<T>(
  key: string | null,
  load: () => Promise<T>,
  { showError = true }: { showError?: boolean | ((error: unknown) => boolean) } = {},
): QueryState<T> & { reload(): void } {
  const [state, setState] = useState<QueryState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const report = useContext(FailureReportContext);
  const { i18n: active } = useLingui();
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState({ status: 'loading' });
    fetchOnce(key, load).then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) => {
        if (!live) return;
        setState({ status: 'error', error });
        if (typeof showError === 'function' ? showError(error) : showError) report(error);
      },
    );
    return () => {
      live = false;
    };
    // `load` is a new function every render; the key says what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt, active.locale]);
  return {
    ...state,
    reload: () => {
      if (key) invalidate(key);
      setAttempt((a) => a + 1);
    },
  };
}
