/**
 * A link to a page of the app by name: the one way to write one (a hand-built `#/pages/…` address fails
 * lint). An unknown page name is a type error; `href()` gives the same address where an `<a>` is needed.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { href, type PageName, type QueryOf } from '../navigation/navigator';

type PageLinkProps<Name extends PageName> = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: Name;
  query?: QueryOf<Name>;
  children: ReactNode;
};

export function PageLink<Name extends PageName>({ to, query, children, ...anchor }: PageLinkProps<Name>) {
  return (
    <a {...anchor} href={href(to, query)}>
      {children}
    </a>
  );
}
