/**
 * The outcome of what the guest just did (a change, a cancellation): said in a live region, brought into
 * view and given the focus when it appears, so a guest scrolled down at the form sees and hears it
 * (docs/PRODUCT.md §9) rather than finding it above the fold.
 */
import { useEffect, useRef } from 'react';

export function OutcomeMessage({ text }: { text: string }) {
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // After the page's own effects, which give a page opening with it the focus on its heading.
    queueMicrotask(() => {
      message.current?.focus({ preventScroll: true });
      message.current?.scrollIntoView?.({ block: 'center' });
    });
  }, [text]);
  return (
    <p className="form-success" role="status" tabIndex={-1} ref={message}>
      {text}
    </p>
  );
}
