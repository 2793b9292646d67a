/**
 * One group of My reservations (upcoming, waitlist, past): its cards, or docs/PRODUCT.md §4's word for none
 * (a group with words of its own for none, the waitlist, passes them as `empty`).
 */
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export function GroupList({ children, empty }: { children: ReactNode[]; empty?: ReactNode }) {
  if (children.length === 0) {
    return <p className="muted">{empty ?? <Trans>No Available Reservations</Trans>}</p>;
  }
  return <ul className="list">{children}</ul>;
}
