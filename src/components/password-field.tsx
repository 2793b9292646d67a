/** A labelled password input with a show/hide switch. */
import { useLingui } from '@lingui/react/macro';
import { useState, type InputHTMLAttributes } from 'react';
import { FieldFrame, type ControlProps, type FieldProps } from './form';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

export function PasswordField({ label, error, hint, ...input }: FieldProps & InputProps) {
  return <FieldFrame label={label} error={error} hint={hint} control={(props) => <PasswordInput {...input} {...props} />} />;
}

function PasswordInput(props: InputProps & ControlProps) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <input
        {...props}
        type={shown ? 'text' : 'password'}
        // Browsers must not spell-check or capitalise a password that is shown.
        autoCapitalize="off"
        spellCheck={false}
      />
      {/* One text, seen and announced alike: a hidden echo of it was read twice by some screen readers. */}
      <button type="button" className="button password-toggle" aria-controls={props.id} onClick={() => setShown((s) => !s)}>
        {shown ? t`Hide password` : t`Show password`}
      </button>
    </div>
  );
}
