/**
 * Reads data for a page through the app's one query cache (src/api/query-cache.ts), by a typed key
 * (src/api/query-keys.ts). A refused read is reported to the shell (`FailureReportContext`), not shown here.
 */
import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
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
  | {
      status: 'error';
      error: unknown;
      /** The answer still on screen: a re-read (or, with `keepData`, another key's read) failed after it. */
      data?: T;
    }
  | { status: 'ready'; data: T };

/** The answer a read has on screen: the latest, or the last one kept while a re-read failed. */
export const shownAnswer = <T,>(read: QueryState<T>): T | undefined => (read.status === 'loading' ? undefined : read.data);

/**
 * `key` null means "nothing to load yet". A refused read also shows the server's message as a toast for
 * 3 s (docs/PRODUCT.md §7), or 'ERROR' when the server gave none; `showError: false` leaves it to the page, and a
 * function leaves to the page the failures it returns false for. A re-read of the same key (`reload`) keeps
 * the answer on screen until the new one arrives, and when it fails (as `data` beside the `error`);
 * another key starts empty, unless `keepData` keeps the last answer on screen while it is read. Answers of
 * earlier reads arriving late are dropped.
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
  // The read (key and language) whose answer is on screen: reading it again is no reason to empty the page.
  const shownRead = useRef<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    const readId = `${active.locale} ${keyId}`;
    if (shownRead.current !== readId && !keepData) {
      shownRead.current = null;
      setState({ status: 'loading' });
    }
    fetchOnce(key, load).then(
      (data) => {
        if (!live) return;
        shownRead.current = readId;
        setState({ status: 'ready', data });
        report.recovered(keyId!);
      },
      (error: unknown) => {
        if (!live) return;
        setState((shown) => ({ status: 'error', error, ...(shown.status === 'loading' || shown.data === undefined ? {} : { data: shown.data }) }));
        if (typeof showError === 'function' ? showError(error) : showError) report.failed(error, keyId!);
      },
    );
    return () => {
      live = false;
    };
    // `load` and `key` are new every render; the key's text says what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyId, attempt, active.locale]);
  const reload = useCallback(() => {
    if (keyId) invalidate(JSON.parse(keyId) as QueryKey);
    setAttempt((a) => a + 1);
  }, [keyId]);
  return { ...state, reload };
}
