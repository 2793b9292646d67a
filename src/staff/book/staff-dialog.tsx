/**
 * A dialog over the staff page: labelled by its heading, focus moved into it on opening and back where it
 * was on closing, Escape or the close button closes it, and Tab stays inside while it is open.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

export function StaffDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useLingui();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    // The first field, not the close button that comes first in the markup.
    const first = box.current?.querySelector<HTMLElement>('input, select, textarea') ?? box.current?.querySelector<HTMLElement>('button');
    first?.focus();
    return () => opener?.focus();
  }, []);
  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') onClose();
    if (event.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('disabled'));
    const [first, last] = [items[0], items.at(-1)];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }
  return (
    <div className="staff-dialog__backdrop">
      <div ref={box} className="staff-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <div className="staff-dialog__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="button" onClick={onClose}>
            {t`Close`}
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
