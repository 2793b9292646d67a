/**
 * Shows a page's refused read (reported by `useApiQuery`) as a toast. The wording of failures loads with
 * the first one, so the shell every page starts with stays light.
 */
import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import { FailureReportContext } from '../api/failure-report';

const FailureToast = lazy(() => import('./failure-toast'));

export function FailureToasts({ children }: { children: ReactNode }) {
  const [failure, setFailure] = useState<{ id: number; error: unknown; key: string } | null>(null);
  const count = useRef(0);
  const report = useMemo(
    () => ({
      failed: (error: unknown, key: string) => setFailure({ id: ++count.current, error, key }),
      recovered: (key: string) => setFailure((shown) => (shown?.key === key ? null : shown)),
    }),
    [],
  );
  return (
    <FailureReportContext.Provider value={report}>
      {children}
      {failure && (
        <Suspense fallback={null}>
          <FailureToast key={failure.id} error={failure.error} />
        </Suspense>
      )}
    </FailureReportContext.Provider>
  );
}
