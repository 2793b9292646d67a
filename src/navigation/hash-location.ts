/**
 * Hash addresses in the shape `#/pages/venue-detail?domain=leclos` (docs/PRODUCT.md §2: hash routing, base '/').
 * The query stays in the hash, out of wouter's path matching; pages read it with `useHashSearch`.
 */
import { useSyncExternalStore } from 'react';
import { splitHash } from './hash-address';

type Listener = () => void;
const listeners = new Set<Listener>();

function subscribe(listener: Listener): () => void {
  if (listeners.size === 0) addEventListener('hashchange', notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) removeEventListener('hashchange', notify);
  };
}

function notify() {
  listeners.forEach((l) => l());
}

export const currentHashPath = () => splitHash(location.hash).path;
export const currentHashSearch = () => splitHash(location.hash).search;

/** The in-app history depth, kept in `history.state` so Back knows when nothing of ours is behind. */
export function historyDepth(): number {
  const state = history.state as { depth?: number } | null;
  return typeof state?.depth === 'number' ? state.depth : 0;
}

/**
 * Goes to an address like `/pages/venue?x=1`; `replace` keeps the history as long as it is. Going to the
 * address already shown replaces it too: one step is one entry, so Back never lands on the same step
 * again however often a chart or a page asks for it.
 */
export function navigateHash(to: string, { replace = false }: { replace?: boolean } = {}): void {
  const url = new URL(location.href);
  url.hash = to.startsWith('/') ? to : `/${to}`;
  const same = url.href === location.href;
  const depth = replace || same ? historyDepth() : historyDepth() + 1;
  history[replace || same ? 'replaceState' : 'pushState']({ depth }, '', url.href);
  notify();
}

/** wouter's location hook: the path part of the hash. */
export function useHashPath(): [string, (to: string, options?: { replace?: boolean }) => void] {
  return [useSyncExternalStore(subscribe, currentHashPath, () => '/'), navigateHash];
}

/** wouter's search hook: the query part of the hash, without '?'. */
export function useHashSearch(): string {
  return useSyncExternalStore(subscribe, currentHashSearch, () => '');
}
