/** A page's frame: its heading gets focus when the page opens, so screen readers hear where they are. */
import { useEffect, useRef, type ReactNode } from 'react';
import { FIRST_VIEW_ATTRIBUTE } from '../first-view/first-view-address';

export const CLUB_NAME = 'The Aldrich Club';

export function Page({
  title,
  lead,
  wide = false,
  children,
}: {
  title: string;
  lead?: ReactNode;
  /** A page of pictures and reading (Home, the venues) that may use a wide screen; forms stay a column. */
  wide?: boolean;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${CLUB_NAME}`;
    // Replacing the page's first view (src/main.tsx), where the guest may have scrolled on: the focus
    // moves without taking them back up.
    const root = document.getElementById('root');
    const replacingFirstView = root?.hasAttribute(FIRST_VIEW_ATTRIBUTE) ?? false;
    root?.removeAttribute(FIRST_VIEW_ATTRIBUTE);
    heading.current?.focus({ preventScroll: replacingFirstView });
  }, [title]);
  return (
    <section className={wide ? 'page page--wide' : 'page'}>
      <h1 className="page__title" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      {lead && <p className="page__lead">{lead}</p>}
      {children}
    </section>
  );
}
