/** What the wallet pages share: entry types in words, signed amounts, the entry list and how a read shows until ready. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ApiFailure } from '../api/api-error';
import type { components } from '../api/schema';
import { FormMessage } from '../components/form';
import { Loading, LoadFailure, type Read } from '../components/read-status';
import { formatHkd } from '../domain/money';
import { formatDate, formatTime, hongKongDate, hongKongMinutes } from '../domain/time';
import { pageAddress } from '../navigation/navigator';
import { useManageFailureText } from './manage-text';

export type WalletEntry = components['schemas']['WalletEntry'];

const ENTRY_TYPES: Record<WalletEntry['type'], MessageDescriptor> = {
  TOP_UP: msg`Top-up`,
  PAYMENT: msg`Payment`,
  REFUND: msg`Refund`,
  CHARGE: msg`Charge`,
  ADJUSTMENT: msg`Adjustment`,
};

export function useEntryTypeText(): (type: string) => string {
  const { i18n } = useLingui();
  return (type) => {
    const label = ENTRY_TYPES[type as WalletEntry['type']];
    return label ? i18n._(label) : type;
  };
}

/** Credits with a plus, debits with a minus: which way the money went is in the amount itself. */
export function signedHkd(amount: number): string {
  return amount > 0 ? `+${formatHkd(amount)}` : formatHkd(amount);
}

/** The Hong Kong day of an instant, 'D MMM YYYY'. */
export const entryDate = (at: string) => formatDate(hongKongDate(new Date(at)));

/** The Hong Kong day and time of an instant. */
export const entryDateTime = (at: string) => `${entryDate(at)}, ${formatTime(hongKongMinutes(new Date(at)))}`;

/** Entries as cards, each linking to its own page. */
export function EntryList({ entries }: { entries: readonly WalletEntry[] }) {
  const { t } = useLingui();
  const typeText = useEntryTypeText();
  return (
    <ul className="list">
      {entries.map((entry) => (
        <li key={entry._id} className="card">
          <p className="card__title">
            <a
              href={`#${pageAddress('wallet-detail', { id: entry._id })}`}
              aria-label={t`${typeText(entry.type)}: ${entry.description}, ${signedHkd(entry.amount)}, ${entryDate(entry.createdAt)}`}
            >
              {entry.description}
            </a>
          </p>
          <p className="card__meta">
            <span>{typeText(entry.type)}</span> · <span>{entryDate(entry.createdAt)}</span>
          </p>
          <p>
            <strong>{signedHkd(entry.amount)}</strong>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** A wallet read until it is ready: `loading` while it runs, then why it failed. */
export function WalletReadStatus({ read, loading }: { read: Read; loading: ReactNode }) {
  if (read.status === 'loading') return <Loading>{loading}</Loading>;
  if (read.status === 'error') return <WalletFailure error={read.error} retry={read.reload} />;
  return null;
}

/**
 * A wallet read that failed: a guest (not a club member) gets the server's 403 message and the way to
 * membership; anything else its message and a retry.
 */
function WalletFailure({ error, retry }: { error: unknown; retry: () => void }) {
  const failure = useManageFailureText();
  if (error instanceof ApiFailure && error.status === 403) {
    return (
      <div>
        <FormMessage error={failure(error)} />
        <p>
          <Trans>Club members pay from their wallet at every venue and see their statements here.</Trans>
        </p>
        <div className="actions">
          <a className="button button--primary" href={`#${pageAddress('membership')}`}>
            <Trans>Become a member</Trans>
          </a>
        </div>
      </div>
    );
  }
  return <LoadFailure message={failure(error)} retry={retry} />;
}
