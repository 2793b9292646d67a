/**
 * The staff console's pages by name, each its own chunk. The app's route table loads this module first
 * (src/navigation/routes.ts `staffRoute`), so the list of every page's chunks travels with the console,
 * never with a guest's first page.
 */
import type { ComponentType } from 'react';
import type { PageProps } from '../../navigation/routes';

export const STAFF_PAGES = {
  login: () => import('./login'),
  day: () => import('./day'),
  'host-stand': () => import('./host-stand'),
  'setup-venue': () => import('./setup-venue'),
  setup: () => import('./setup'),
  guests: () => import('./guests'),
  guest: () => import('./guest'),
  'guest-duplicates': () => import('./guest-duplicates'),
  'guest-tags': () => import('./guest-tags'),
  'table-plan': () => import('./table-plan'),
  closures: () => import('./closures'),
  'call-list': () => import('./call-list'),
  accounts: () => import('./accounts'),
  'audit-log': () => import('./audit-log'),
  reports: () => import('./reports'),
  privacy: () => import('./privacy'),
  reconciliation: () => import('./reconciliation'),
} satisfies Record<string, () => Promise<{ default: ComponentType<PageProps> }>>;

export type StaffPage = keyof typeof STAFF_PAGES;
