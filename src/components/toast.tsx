/**
 * Short messages over the page (docs/PRODUCT.md §9: 1500 ms by default, 3 s for server errors). A toast belongs to
 * the page it was shown on and goes when the guest leaves that page.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { currentHashPath, useHashPath } from '../navigation/hash-location';

export const TOAST_MS = 1500;
export const SERVER_ERROR_TOAST_MS = 3000;

interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'error';
  durationMs: number;
  /** The page's path when it was shown. */
  page: string;
}

interface ToastApi {
  show(message: string, options?: { tone?: Toast['tone']; durationMs?: number }): void;
  /** Takes the toast showing this message away before its time (what it said is no longer so). */
  withdraw(message: string): void;
}

const ToastContext = createContext<ToastApi>({ show: () => {}, withdraw: () => {} });

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const show = useCallback<ToastApi['show']>((message, options = {}) => {
    setToast({
      id: Date.now(),
      message,
      tone: options.tone ?? 'info',
      durationMs: options.durationMs ?? TOAST_MS,
      page: currentHashPath(),
    });
  }, []);
  const [page] = useHashPath();
  // Another page's refusal would read as this page's: it is dropped, not just hidden.
  if (toast && toast.page !== page) setToast(null);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast]);
  const withdraw = useCallback<ToastApi['withdraw']>((message) => setToast((t) => (t?.message === message ? null : t)), []);
  const api = useMemo(() => ({ show, withdraw }), [show, withdraw]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Always in the page, so screen readers hear what is put into them: errors at once, the rest politely. */}
      <div className="toast-region" role="status" aria-live="polite">
        {toast?.tone === 'info' && (
          <div key={toast.id} className="toast toast--info">
            {toast.message}
          </div>
        )}
      </div>
      {/* A live region without a role, so the page has no empty alert; the error itself is the alert. */}
      <div className="toast-region" aria-live="assertive">
        {toast?.tone === 'error' && (
          <div key={toast.id} className="toast toast--error" role="alert">
            {toast.message}
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  return useContext(ToastContext);
}
