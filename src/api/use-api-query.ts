/**
 * Reads data for a page through the app's one query cache (src/api/query-cache.ts), by a typed key
 * (src/api/query-keys.ts). A refused read is reported to the shell (`FailureReportContext`), not shown here.
 */
import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useContext, useEffect, useState } from 'react';
import { FailureReportContext } from './failure-report';
import { QueryCache } from './query-cache';
import type { QueryKey, QueryPrefix } from './query-keys';

const FRESH_MS = 30_000;

/**
 * The app's one query cache. Answers are kept per language (the server translates names and messages),
 * so switching languages loads the page's data again in the new one.
 */
export const queryCache = new QueryCache<QueryKey>({ freshMs: FRESH_MS, scope: () => i18n.locale });

/** A read through the app's cache: one request per key while on its way, its answer kept for 30 s. */
export function fetchOnce<T>(key: QueryKey, load: () => Promise<T>): Promise<T> {
  return queryCache.fetch(key, load);
}

/** Forgets the kept answers under a key prefix (or each of a list of them); nothing given, every answer. */
export function invalidate(prefixes?: QueryPrefix | readonly QueryPrefix[]): void {
  if (!prefixes) queryCache.invalidate();
  else if (typeof prefixes[0] === 'string') queryCache.invalidate(prefixes as QueryPrefix);
  else queryCache.invalidate(...(prefixes as readonly QueryPrefix[]));
}

export type QueryState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: T };

/**
 * `key` null means "nothing to load yet". A refused read also shows the server's message as a toast for
 * 3 s (SPEC §7), or 'ERROR' when the server gave none; `showError: false` leaves it to the page, and a
 * function leaves to the page the failures it returns false for. `keepData` keeps the last answer on screen
 * while a reload or a new key is read, rather than flashing empty.
 */
export function useApiQuery<T>(
  key: QueryKey | null,
  load: () => Promise<T>,
  { showError = true, keepData = false }: { showError?: boolean | ((error: unknown) => boolean); keepData?: boolean } = {},
): QueryState<T> & { reload(): void } {
  const [state, setState] = useState<QueryState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const report = useContext(FailureReportContext);
  const { i18n: active } = useLingui();
  // A key is a new array every render: the effect follows what it says.
  const keyId = key && JSON.stringify(key);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    if (!keepData) setState({ status: 'loading' });
    fetchOnce(key, load).then(
      (data) => {
        if (!live) return;
        setState({ status: 'ready', data });
        report.recovered(keyId!);
      },
      (error: unknown) => {
        if (!live) return;
        setState({ status: 'error', error });
        if (typeof showError === 'function' ? showError(error) : showError) report.failed(error, keyId!);
      },
    );
    return () => {
      live = false;
    };
    // `load` and `key` are new every render; the key's text says what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyId, attempt, active.locale]);
  return {
    ...state,
    reload: () => {
      if (key) invalidate(key);
      setAttempt((a) => a + 1);
    },
  };
}
