/**
 * A day chosen from a list written in the app's language ('TUE 24 Nov 2026', 2026年11月24日(火)). A
 * browser's own date field writes its dates in the browser's language, whatever the app's is.
 */
import { useId, type SelectHTMLAttributes } from 'react';
import { addDays } from '../../common/time';
import { useFormats } from '../i18n/use-formats';

/** Every day from `first` to `last` (YYYY-MM-DD), with `value` too when it lies outside them. */
export function daysBetween(first: string, last: string, value?: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  if (value && !days.includes(value)) (value < first ? days.unshift(value) : days.push(value));
  return days;
}

export function DaySelect({
  label,
  first,
  last,
  value,
  onDay,
  ...select
}: {
  label: string;
  first: string;
  last: string;
  value: string;
  onDay: (day: string) => void;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'>) {
  const format = useFormats();
  const generated = useId();
  const id = select.id ?? generated;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select {...select} id={id} value={value} onChange={(event) => event.target.value && onDay(event.target.value)}>
        {daysBetween(first, last, value).map((day) => (
          <option key={day} value={day}>
            {format.dayWithWeekday(day)}
          </option>
        ))}
      </select>
    </div>
  );
}
