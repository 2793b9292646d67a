/**
 * A guest's allergies and dietary needs from the guest book, as a warning the host stand cannot miss: the
 * day sheet, the table plan and the profile show the same list, worded the same.
 */
import { useLingui } from '@lingui/react/macro';
import type { components } from '../../../common/api/schema';
import './guest-book.css';

export type GuestAlert = components['schemas']['GuestAlert'];

export function GuestAlerts({ alerts, className = '' }: { alerts: readonly GuestAlert[] | undefined; className?: string }) {
  const { t } = useLingui();
  if (!alerts?.length) return null;
  const line = (alert: GuestAlert) => {
    if (alert.kind === 'ALLERGY') return alert.text ? t`Allergy: ${alert.text}` : t`Allergy: ask the guest`;
    return t`Dietary need: ${alert.text ?? ''}`;
  };
  return (
    <ul className={`guest-alerts ${className}`} aria-label={t`Warnings`}>
      {alerts.map((alert, i) => (
        <li key={i} className="guest-alerts__item">
          <span aria-hidden="true">⚠ </span>
          <span>{line(alert)}</span>
        </li>
      ))}
    </ul>
  );
}
