/** One group of My reservations (upcoming, waitlist, past): its cards, or docs/PRODUCT.md §4's word for none. */
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export function GroupList({ children }: { children: ReactNode[] }) {
  if (children.length === 0) {
    return (
      <p className="muted">
        <Trans>No Available Reservations</Trans>
      </p>
    );
  }
  return <ul className="list">{children}</ul>;
}
