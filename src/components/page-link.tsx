/** A line with a link to another page of the app, such as the way back to a list. */
import type { ReactNode } from 'react';
import { pageAddress, type Query } from '../navigation/navigator';

export function PageLink({ to, query, children }: { to: string; query?: Query; children: ReactNode }) {
  return (
    <p>
      <a href={`#${pageAddress(to, query)}`}>{children}</a>
    </p>
  );
}
