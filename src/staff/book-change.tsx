/**
 * What the day sheet's buttons that change a booking share: the change sent, its answer or refusal turned
 * into the host's notice, and what the console kept of the book forgotten afterwards; and the question
 * asked first of a change that moves money or cannot be undone, with its Confirm and Back.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { STAFF_BOOK_PREFIXES } from '../api/query-keys';
import { invalidate } from '../api/use-api-query';
import { useFailureText } from '../i18n/message-text';

/** What a finished change tells the host: success or refusal, in words. */
export interface VisitNotice {
  tone: 'ok' | 'error';
  text: string;
}

/** `send(change)`: runs the call, hands its notice (or the refusal's) to `onDone`, then `settled()`. */
export function useBookChange(onDone: (notice: VisitNotice) => void, settled: () => void) {
  const failureText = useFailureText();
  const [sending, setSending] = useState(false);
  async function send(change: () => Promise<VisitNotice>) {
    setSending(true);
    try {
      onDone(await change());
    } catch (error) {
      onDone({ tone: 'error', text: failureText(error) });
    } finally {
      // Changed, or refused because it changed elsewhere: the plans and the report kept from before are stale.
      invalidate(STAFF_BOOK_PREFIXES);
      setSending(false);
      settled();
    }
  }
  return { sending, send };
}

/** The question before a change, named `label` for assistive technology; Confirm sends, Back leaves it. */
export function ConfirmStep({
  label,
  confirmLabel,
  sending,
  onConfirm,
  onBack,
  children,
}: {
  label: string;
  confirmLabel: string;
  sending: boolean;
  onConfirm(): void;
  onBack(): void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <div className="staff-confirm" role="group" aria-label={label}>
      <p>{children}</p>
      <div className="staff-actions">
        <button type="button" className="button button--primary" disabled={sending} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button" disabled={sending} onClick={onBack}>
          {t`Back`}
        </button>
      </div>
    </div>
  );
}

/** A staff action that asks first: its button, named with whom it is for, opens the step that confirms it. */
export function AskFirstButton({ label, who, onAsk }: { label: string; who: string; onAsk(): void }) {
  return (
    <div className="staff-actions">
      <button type="button" className="button" aria-label={`${label}: ${who}`} onClick={onAsk}>
        {label}
      </button>
    </div>
  );
}
