/**
 * What the wallet pages share: entry types and sources in words, signed amounts, the entry list and how a
 * read shows until ready.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ApiFailure } from '../../common/api/api-error';
import type { components } from '../../common/api/schema';
import { FormMessage } from '../components/form';
import { Loading, LoadFailure, type Read } from '../components/read-status';
import { hongKongDate } from '../../common/time';
import { useFormats } from '../i18n/use-formats';
import { href } from '../navigation/navigator';
import { useManageFailureText } from '../i18n/manage-text';
import { BalanceAfter, VisitLink } from './entry-visit';

export type WalletEntry = components['schemas']['WalletEntry'];
/** A line of the transaction history: a wallet entry, or a card payment or refund (`source`). */
export type TransactionItem = components['schemas']['TransactionItem'];
/** The wallet's own list has no `source`: everything in it is the wallet's. */
type ListedEntry = WalletEntry & Partial<Pick<TransactionItem, 'source' | 'card' | 'visit'>>;

// Card networks are names, the same in every language.
const CARD_BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', unionpay: 'UnionPay' };

/** 'Visa •••• 4242'. */
export function useCardName(): (card: NonNullable<TransactionItem['card']>) => string {
  const { t } = useLingui();
  return (card) => {
    const brand = CARD_BRANDS[card.brand] ?? t`Card`;
    return `${brand} •••• ${card.last4}`;
  };
}

/**
 * How the money moved, in words: from or to a card (never the wallet balance), or the Club wallet (with the
 * card a top-up was paid with).
 */
export function useSourceText(): (entry: Pick<TransactionItem, 'source' | 'type' | 'card'>) => string {
  const { t } = useLingui();
  const cardName = useCardName();
  return ({ source, type, card }) => {
    const name = card ? cardName(card) : null;
    if (source === 'CARD') {
      if (type === 'REFUND') return name ? t`Refunded to the card ${name}` : t`Refunded to the card`;
      return name ? t`Paid by card ${name}` : t`Paid by card`;
    }
    return name ? t`Club wallet, topped up with ${name}` : t`Club wallet`;
  };
}

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

/**
 * Amounts in the active language, credits with a plus and debits with a minus: which way the money went
 * is in the amount itself.
 */
export function useSignedHkd(): (amount: number) => string {
  const format = useFormats();
  return (amount) => (amount > 0 ? `+${format.money(amount)}` : format.money(amount));
}

/**
 * Entries as cards, each linking to its own page. Transactions (with a `source`) also say how the money
 * moved: by card or through the Club wallet.
 */
export function EntryList({ entries }: { entries: readonly ListedEntry[] }) {
  const { t } = useLingui();
  const typeText = useEntryTypeText();
  const sourceText = useSourceText();
  const format = useFormats();
  const signedHkd = useSignedHkd();
  // The Hong Kong day of an instant.
  const entryDate = (at: string) => format.date(hongKongDate(new Date(at)));
  return (
    <ul className="list">
      {entries.map((entry) => {
        const source = entry.source ? sourceText({ source: entry.source, type: entry.type, card: entry.card ?? null }) : null;
        const label = t`${typeText(entry.type)}: ${entry.description}, ${signedHkd(entry.amount)}, ${entryDate(entry.createdAt)}`;
        return (
          <li key={entry._id} className="card">
            <p className="card__title">
              <a href={href('wallet-detail', { id: entry._id })} aria-label={source ? `${label} (${source})` : label}>
                {entry.description}
              </a>
            </p>
            <p className="card__meta">
              <span>{typeText(entry.type)}</span> · <span>{entryDate(entry.createdAt)}</span>
            </p>
            <p>
              <strong>{signedHkd(entry.amount)}</strong>
            </p>
            {source && <p className="card__meta">{source}</p>}
            {entry.visit && (
              <p className="card__meta">
                <VisitLink visit={entry.visit} />
              </p>
            )}
            {entry.balanceAfter !== undefined && (
              <p className="card__meta">
                <BalanceAfter amount={entry.balanceAfter} />
              </p>
            )}
          </li>
        );
      })}
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
 * A wallet read that failed: a guest (not a club member) gets the server's 403 message, the way to
 * membership and the way to their card payments; anything else its message and a retry.
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
          <a className="button button--primary" href={href('membership')}>
            <Trans>Become a member</Trans>
          </a>
          {/* The history is a guest's too: the card payments of their bookings. */}
          <a className="button" href={href('transactions')}>
            <Trans>My card payments</Trans>
          </a>
        </div>
      </div>
    );
  }
  return <LoadFailure message={failure(error)} retry={retry} />;
}
