/**
 * A rating from 1 to 5 as five radio buttons in a fieldset: arrow keys move between them, and each is
 * read with its word ('4 – Good'), not as a bare star.
 */
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import './feedback.css';

export function RatingPicker({ value, error, onChange }: { value: number; error?: string | undefined; onChange(rating: number): void }) {
  const { t } = useLingui();
  const id = useId();
  const words: Record<number, string> = { 1: t`Poor`, 2: t`Fair`, 3: t`Good`, 4: t`Very good`, 5: t`Excellent` };
  return (
    <fieldset className="field rating-picker" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">{t`Your rating`}</legend>
      <div className="rating-picker__choices">
        {[5, 4, 3, 2, 1].map((rating) => {
          const word = words[rating];
          return (
            <label key={rating} className="rating-picker__choice">
              <input type="radio" name={`${id}-rating`} value={rating} checked={value === rating} onChange={() => onChange(rating)} />
              <span aria-hidden="true">{'★'.repeat(rating)}</span> {t`${rating} – ${word}`}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
