/** The party size as the wizard asks it ('4 guests'), for the date step and the change form alike. */
import { plural } from '@lingui/core/macro';
import { useId, type ReactNode } from 'react';

export function PartySizeSelect({
  id,
  label,
  sizes,
  value,
  onSize,
  disabled,
  children,
}: {
  id?: string;
  label: string;
  sizes: readonly number[];
  value: number;
  onSize: (size: number) => void;
  disabled?: boolean;
  /** Options after the sizes (the wizard's 'More than 10 guests'). */
  children?: ReactNode;
}) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className="field">
      <label className="field__label" htmlFor={selectId}>
        {label}
      </label>
      <select id={selectId} name="numberOfGuests" value={value} disabled={disabled} onChange={(event) => onSize(Number(event.target.value))}>
        {sizes.map((n) => (
          <option key={n} value={n}>
            {plural(n, { one: '# guest', other: '# guests' })}
          </option>
        ))}
        {children}
      </select>
    </div>
  );
}
