/**
 * Where a page's refused read is reported: the app's shell shows it (a toast, docs/PRODUCT.md §7); the data layer
 * only passes the failure on, so src/api stays free of UI.
 */
import { createContext } from 'react';

export interface FailureReport {
  /** The read under `key` was refused: show it. */
  failed(error: unknown, key: string): void;
  /** The read under `key` has now succeeded (Retry, from any component): its refusal is no longer so. */
  recovered(key: string): void;
}

/** Nothing reports outside a provider (a component rendered alone in a test). */
export const FailureReportContext = createContext<FailureReport>({ failed: () => {}, recovered: () => {} });
