/**
 * An own policy's late-cancellation fees by party size (docs/PRODUCT.md §9: per person, the tier with the
 * largest smallest party that fits), typed as text until the form checks them with the shared schema.
 * Each row names its number, so a screen reader tells the tiers apart.
 */
import { Trans, useLingui } from '@lingui/react/macro';

export interface TierFields {
  from: string;
  amount: string;
}

export function FeeTiersFields({ tiers, onChange }: { tiers: TierFields[]; onChange(tiers: TierFields[]): void }) {
  const { t } = useLingui();
  const set = (i: number, next: Partial<TierFields>) => onChange(tiers.map((x, j) => (j === i ? { ...x, ...next } : x)));
  return (
    <fieldset>
      <legend>
        <Trans>Late cancellation fee by party size</Trans>
      </legend>
      {tiers.length === 0 && (
        <p className="staff-hint">
          <Trans>None: every party pays the fee above.</Trans>
        </p>
      )}
      {tiers.map((tier, i) => {
        const n = i + 1;
        return (
          <div key={i} className="staff-scope__row">
            <label className="staff-scope__field">
              {t`Tier ${n}: from guests`}
              <input type="text" inputMode="numeric" value={tier.from} onChange={(e) => set(i, { from: e.target.value })} />
            </label>
            <label className="staff-scope__field">
              {t`Tier ${n}: fee per person (HK$)`}
              <input type="text" inputMode="decimal" value={tier.amount} onChange={(e) => set(i, { amount: e.target.value })} />
            </label>
            <button type="button" className="button-secondary" onClick={() => onChange(tiers.filter((_, j) => j !== i))}>
              {t`Remove fee tier ${n}`}
            </button>
          </div>
        );
      })}
      <button type="button" className="button-secondary" onClick={() => onChange([...tiers, { from: '', amount: '' }])}>
        <Trans>Add a fee by party size</Trans>
      </button>
    </fieldset>
  );
}
