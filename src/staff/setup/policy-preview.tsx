/**
 * The policy texts as a guest of the chosen party size reads them at the booking's policy step, written
 * by the same `policyTexts` from the form's values as they stand (the experience's own policy, else the
 * venue's), so the admin sees a fee tier or a largest party change the words before publishing. Shown in
 * the admin's language; guests read them in theirs.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { components } from '../../../common/api/schema';
import { policyTexts } from '../../booking/policy-texts';
import { useFormats } from '../../i18n/use-formats';

type Policy = components['schemas']['VenuePolicy'];

export function PolicyPreview({ policy, paidUpFront, guarantee }: { policy: Policy | null; paidUpFront: boolean; guarantee: boolean }) {
  const { t, i18n } = useLingui();
  const format = useFormats();
  const id = useId();
  const [party, setParty] = useState(2);
  const largest = policy?.maximumPartySize ?? party;
  const guests = Math.min(party, largest);
  return (
    <section className="staff-policy-preview" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>
        <Trans>The policy as guests read it</Trans>
      </h4>
      <label className="staff-scope__field">
        <Trans>For a party of</Trans>
        <select value={guests} onChange={(e) => setParty(Number(e.target.value))}>
          {Array.from({ length: largest }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <div aria-live="polite">
        {policy ? (
          <ul>
            {policyTexts(i18n, format.money, policy, { numberOfGuests: guests, paidUpFront, guarantee: guarantee ? { cancelBy: null } : null }).map((a) => (
              <li key={a.key}>{a.text}</li>
            ))}
          </ul>
        ) : (
          <p className="staff-hint">{t`The preview shows once the policy’s values are right.`}</p>
        )}
      </div>
    </section>
  );
}
