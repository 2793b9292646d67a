/** A page's frame: its heading gets focus when the page opens, so screen readers hear where they are. */
import { useEffect, useRef, type ReactNode } from 'react';

export const CLUB_NAME = 'The Aldrich Club';

export function Page({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${CLUB_NAME}`;
    heading.current?.focus();
  }, [title]);
  return (
    <section className="page">
      <h1 className="page__title" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      {lead && <p className="page__lead">{lead}</p>}
      {children}
    </section>
  );
}
