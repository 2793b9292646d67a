/** A labelled password input with a show/hide switch. */
import { useLingui } from '@lingui/react/macro';
import { useId, useState, type InputHTMLAttributes } from 'react';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string | undefined;
  hint?: string;
}

export function PasswordField({ label, error, hint, ...input }: PasswordFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const [shown, setShown] = useState(false);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span className="field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <div style={{ display: 'flex', gap: 8 }}>
        <input
          {...input}
          id={id}
          type={shown ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          // Browsers must not spell-check or capitalise a password that is shown.
          autoCapitalize="off"
          spellCheck={false}
        />
        <button type="button" className="button" aria-controls={id} onClick={() => setShown((s) => !s)}>
          {/* Short on screen; the full words for screen readers, which start with what is seen. */}
          <span aria-hidden="true">{shown ? t`Hide` : t`Show`}</span>
          <span className="visually-hidden">{shown ? t`Hide password` : t`Show password`}</span>
        </button>
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
