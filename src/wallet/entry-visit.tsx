/**
 * Money in plain words: the visit an entry was for, named as the guest knows it (venue, day and the
 * booking's reference, never an internal id) and linking to the reservation; and the wallet's running
 * balance beside an entry.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { components } from '../../common/api/schema';
import { useFormats } from '../i18n/use-formats';
import { href } from '../navigation/navigator';

type EntryVisit = components['schemas']['EntryVisit'];

/** 'Obe · 12 Dec 2026 · OBE-7K2Q': the visit's words, as its link reads. */
function useVisitText(): (visit: EntryVisit) => string {
  const format = useFormats();
  return (visit) => `${visit.venue} · ${format.date(visit.date)} · ${visit.reference}`;
}

export function VisitLink({ visit }: { visit: EntryVisit }) {
  const { t } = useLingui();
  const visitText = useVisitText();
  const words = visitText(visit);
  return (
    <a href={href('order', { id: visit.reservationId })} aria-label={t`The visit: ${words}`}>
      {words}
    </a>
  );
}

export function BalanceAfter({ amount }: { amount: number }) {
  const format = useFormats();
  const balance = format.money(amount);
  return <Trans>Balance after: {balance}</Trans>;
}
