/**
 * The staff console's navigation: one entry per section, shown once its route exists in
 * src/navigation/routes.ts (`staffRoute(name, …)` names it `staff-{name}`). Admin-only sections are
 * hidden from venue staff (the server refuses them too).
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PageName } from '../navigation/routes';

/** A staff page's name after `staff-`, read off the route table. */
export type StaffPageName = StaffSuffix<PageName>;
type StaffSuffix<Name> = Name extends `staff-${infer Suffix}` ? Suffix : never;

export interface StaffSection {
  /** The route name after `staff-`: `/pages/staff/{name}`. */
  name: StaffPageName;
  label: MessageDescriptor;
  adminOnly?: boolean;
  /** Whether the section works on one venue and day (the shell shows the venue and date pickers). */
  venueDay?: boolean;
}

export const STAFF_SECTIONS: readonly StaffSection[] = [
  { name: 'host-stand', label: msg`Host stand`, venueDay: true },
  { name: 'day', label: msg`Day sheet`, venueDay: true },
  { name: 'table-plan', label: msg`Table plan`, venueDay: true },
  { name: 'closures', label: msg`Closures`, venueDay: true },
  // The guests asked to reconfirm who have not (docs/PRODUCT.md §4, no-shows).
  { name: 'call-list', label: msg`Call list`, venueDay: true },
  { name: 'reports', label: msg`Reports` },
  { name: 'guest-duplicates', label: msg`Duplicate guests` },
  { name: 'guest-tags', label: msg`Guest tags`, adminOnly: true },
  // Set-up (docs/PRODUCT.md §4): one section, a tab per part (src/staff/setup/setup-tabs.tsx); /pages/staff/setup-venue redirects to it.
  // Venue staff see it too: the page says whether an admin lets them change their venue's set-up.
  { name: 'setup', label: msg`Set-up`, venueDay: true },
  { name: 'accounts', label: msg`Staff accounts`, adminOnly: true },
  { name: 'audit-log', label: msg`Audit log`, adminOnly: true },
  { name: 'privacy', label: msg`Privacy`, adminOnly: true },
  { name: 'reconciliation', label: msg`Stripe reconciliation`, adminOnly: true },
];
