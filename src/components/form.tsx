/**
 * Form plumbing shared by every form: values and per-field errors checked with the same valibot schema
 * the server uses, and labelled inputs that announce their errors.
 */
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import * as v from 'valibot';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field of a failed parse. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Words a schema's (English) message for the reader. */
type Translate = (message: string | undefined) => string | undefined;

export function useForm<S extends v.GenericSchema>(
  schema: S,
  initial: Record<string, unknown>,
  translate: Translate = (message) => message,
) {
  const [values, setValues] = useState<Record<string, unknown>>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  function set(name: string, value: unknown) {
    setValues((current) => ({ ...current, [name]: value }));
    // Clear a field's error as soon as the guest edits it.
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }
  return {
    values,
    errors,
    setErrors,
    set,
    /** Name, text value, change handler and worded error of one field, to spread on a text field. */
    field(name: string) {
      return {
        name,
        value: String(values[name] ?? ''),
        onChange: (event: { target: { value: string } }) => set(name, event.target.value),
        error: translate(errors[name]),
      };
    },
    /** The parsed values, or null after showing each field's error. */
    validate(): v.InferOutput<S> | null {
      const result = v.safeParse(schema, values);
      if (result.success) {
        setErrors({});
        return result.output;
      }
      setErrors(fieldErrors(result.issues));
      return null;
    },
  };
}

export interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: string;
}

/** What the frame hands its control: the id the label points at and the error and hint it is described by. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Label, hint and error around one control, tied to it by ids. */
export function FieldFrame({ label, error, hint, control }: FieldProps & { control: (props: ControlProps) => ReactNode }) {
  const id = useId();
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
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({ label, error, hint, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return <FieldFrame label={label} error={error} hint={hint} control={(props) => <input {...props} {...input} />} />;
}

export function TextAreaField({ label, error, hint, ...input }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <FieldFrame label={label} error={error} hint={hint} control={(props) => <textarea {...props} {...input} />} />;
}

export function SelectField({ label, error, hint, children, ...select }: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      control={(props) => (
        <select {...props} {...select}>
          {children}
        </select>
      )}
    />
  );
}

/** The form's main button in a row of its own; while `busy` it says what is under way. */
export function SubmitButton({
  label,
  busyLabel,
  busy,
  disabled = busy,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="actions">
      <button type="submit" className="button button--primary button--block" disabled={disabled}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}

/** A message about the whole form (a refused call), announced when it appears. */
export function FormMessage({ error, success }: { error?: string | null; success?: string | null }) {
  return (
    <div aria-live="assertive">
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {success && (
        <p className="form-success" role="status">
          {success}
        </p>
      )}
    </div>
  );
}
