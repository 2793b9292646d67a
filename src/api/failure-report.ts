/**
 * Where a page's refused read is reported: the app's shell shows it (a toast, SPEC §7); the data layer
 * only passes the failure on, so src/api stays free of UI.
 */
import { createContext } from 'react';

export interface FailureReport {
  /** A read was refused: show it. */
  failed(error: unknown): void;
  /** The read that failed with this error has now succeeded (Retry): what it said is no longer so. */
  recovered(error: unknown): void;
}

/** Nothing reports outside a provider (a component rendered alone in a test). */
export const FailureReportContext = createContext<FailureReport>({ failed: () => {}, recovered: () => {} });
