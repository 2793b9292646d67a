/**
 * A wide table's frame, scrolling sideways on a narrow screen. Keyboard users can focus it to scroll
 * (axe: scrollable regions must be reachable), and it is a named region so focus lands somewhere that says what it is.
 */
import type { ReactNode } from 'react';

/** `label` names the region; leave it out where the table sits in a region that already has the name. */
export function ScrollingTable({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <div className="staff-table-wrap" tabIndex={0} {...(label ? { role: 'region', 'aria-label': label } : {})}>
      {children}
    </div>
  );
}
