/**
 * The guest book's search box in the staff console's bar, on every staff page: Enter opens the results
 * page; '/' anywhere outside a field puts the cursor in it, as in most consoles.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { navigateTo } from '../../navigation/navigator';
import { MIN_SEARCH_LENGTH } from '../../../common/validation/guest-book-validation';
import './guest-book.css';

const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function GuestSearchBox({ initial = '' }: { initial?: string }) {
  const { t } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState(initial);
  const [hint, setHint] = useState(false);

  useEffect(() => setQ(initial), [initial]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = q.trim();
    setHint(typed.length < MIN_SEARCH_LENGTH);
    if (typed.length >= MIN_SEARCH_LENGTH) navigateTo('staff-guests', { q: typed });
  }

  return (
    <form role="search" className="guest-search" onSubmit={submit} aria-label={t`Guest book`}>
      <label htmlFor={`${id}-q`} className="guest-search__label">
        {t`Find a guest`}
      </label>
      <input
        id={`${id}-q`}
        ref={input}
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t`Name, phone, e-mail or reference`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        aria-keyshortcuts="/"
        autoComplete="off"
      />
      <button type="submit" className="button">
        {t`Search`}
      </button>
      {hint && (
        <span id={`${id}-hint`} role="alert" className="field__error">
          {t`Type at least 2 characters to search`}
        </span>
      )}
    </form>
  );
}
