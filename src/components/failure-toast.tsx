/** One refused read as a toast: the server's message for 3 s, or 'ERROR' when it gave none (docs/PRODUCT.md §7). */
import { useEffect } from 'react';
import { ApiFailure } from '../../common/api/api-error';
import { useFailureText } from '../i18n/message-text';
import { SERVER_ERROR_TOAST_MS, useToast } from './toast';

export default function FailureToast({ error }: { error: unknown }) {
  const toast = useToast();
  const failureText = useFailureText();
  useEffect(() => {
    const message = error instanceof ApiFailure && !error.message ? 'ERROR' : failureText(error);
    toast.show(message, { tone: 'error', durationMs: SERVER_ERROR_TOAST_MS });
    // Gone with this failure: a read that then succeeds (Retry) leaves no stale error on the page.
    return () => toast.withdraw(message);
    // Once per failure: each one mounts its own (keyed) toast.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
  return null;
}
