/** How a page shows a read from the server that is under way or has failed. */
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { QueryState } from '../api/use-api-query';
import { FormMessage } from './form';

/** A read as `useApiQuery` gives it. */
export type Read = QueryState<unknown> & { reload(): void };

/** A quiet line saying what is being loaded, announced politely. */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <p className="muted" role="status">
      {children}
    </p>
  );
}

/** A read that failed: why (in the reader's words), and the way to try it again. */
export function LoadFailure({ message, retry }: { message: string | null | undefined; retry: () => void }) {
  return (
    <div>
      <FormMessage error={message} />
      <button type="button" className="button" onClick={retry}>
        <Trans>Retry</Trans>
      </button>
    </div>
  );
}

/** A read until it is ready: `loading` while it runs, then why it failed (in `failureText`'s words) and a retry. */
export function ReadStatus({
  read,
  loading,
  failureText,
}: {
  read: Read;
  loading: ReactNode;
  failureText: (error: unknown) => string;
}) {
  if (read.status === 'loading') return <Loading>{loading}</Loading>;
  if (read.status === 'error') return <LoadFailure message={failureText(read.error)} retry={read.reload} />;
  return null;
}
