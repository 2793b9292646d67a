/**
 * The route table of docs/PRODUCT.md §2: every page by name, its address, how it loads (lazily), which navigation
 * label covers it, and whether it needs a logged-in user. `PageName` is read off this table, so a page
 * added here can be linked to at once, and a link to a page not here is a type error.
 */
import type { ComponentType } from 'react';
import { bookingPath } from '../../machines/booking-pages';
import { loadFlowCatalog } from '../i18n/flow-catalog';
import type { StaffPage } from '../routes/staff/pages';

export type NavLabel = 'home' | 'venues' | 'login' | 'membership' | 'press' | 'book-now' | 'reservations' | 'wallet';

export interface PageProps {
  /** The page's query parameters, handed over unchanged (docs/PRODUCT.md §2). */
  query: Record<string, string>;
}

export interface RouteDef<Name extends string = string> {
  name: Name;
  path: string;
  load: () => Promise<{ default: ComponentType<PageProps> }>;
  nav?: NavLabel;
  requiresLogin?: boolean;
  /** A tab page leaves its query out of the address (docs/PRODUCT.md §2). None are declared today. */
  tab?: boolean;
  /** The staff console: its own shell and log-in (src/staff/staff-shell.tsx), not the guest's nav bar. */
  area?: 'staff';
}

const page = (name: string) => `/pages/${name}`;

/** A staff console page: `staff-{name}` at `/pages/staff/{name}`, its chunk never in a guest page's. */
/**
 * A page of the staff console. Its pages load through one module (routes/staff/pages.ts), so the guest's
 * first page carries one lazy import for the whole console, not a chunk list for each of its pages.
 */
const staffRoute = <const Name extends StaffPage>(name: Name) =>
  ({
    name: `staff-${name}` as const,
    path: page(`staff/${name}`),
    load: withPartTexts(loadStaffTexts, () => import('../routes/staff/pages').then(({ STAFF_PAGES }) => STAFF_PAGES[name]())),
    area: 'staff' as const,
  }) satisfies RouteDef;

/** The console's own catalog (locales/staff), which guest pages never load. */
const loadStaffTexts = () => import('../staff/staff-catalog').then(({ loadStaffCatalog }) => loadStaffCatalog());

/** A page of booking, managing or paying comes with those texts (locales/flows), which the first page goes without. */
const flowPage = (load: RouteDef['load']) => withPartTexts(loadFlowCatalog, load);

/** The page shows once its part's texts are loaded too, never their ids. */
function withPartTexts(loadTexts: () => Promise<void>, load: RouteDef['load']): RouteDef['load'] {
  return () => Promise.all([load(), loadTexts()]).then(([page]) => page);
}

/** The table's names become `PageName`; the declared result keeps the pages' modules out of its type. */
function routeTable<const Name extends string>(routes: readonly RouteDef<Name>[]): readonly RouteDef<Name>[] {
  return routes;
}

const ROUTE_TABLE = routeTable([
  { name: 'index', path: '/', load: () => import('../routes/home'), nav: 'home' },
  { name: 'index', path: page('index'), load: () => import('../routes/home'), nav: 'home' },
  { name: 'home', path: page('home'), load: () => import('../routes/home'), nav: 'home' },
  { name: 'venue', path: page('venue'), load: () => import('../routes/venue'), nav: 'venues' },
  { name: 'venue-detail', path: page('venue-detail'), load: () => import('../routes/venue-detail'), nav: 'venues' },
  { name: 'preview', path: page('preview'), load: () => import('../routes/preview') },
  { name: 'login', path: page('login'), load: () => import('../routes/login'), nav: 'login' },
  { name: 'forgot-password', path: page('forgot-password'), load: () => import('../routes/forgot-password'), nav: 'login' },
  { name: 'reset-password', path: page('reset-password'), load: () => import('../routes/reset-password'), nav: 'login' },
  { name: 'sign-up', path: page('sign-up'), load: () => import('../routes/sign-up'), nav: 'login' },
  { name: 'change-password', path: page('change-password'), load: flowPage(() => import('../routes/change-password')), requiresLogin: true },
  { name: 'membership', path: page('membership'), load: () => import('../routes/membership'), nav: 'membership' },
  { name: 'press', path: page('press'), load: () => import('../routes/press'), nav: 'press' },
  { name: 'book-now', path: page('book-now'), load: () => import('../routes/book-now'), nav: 'book-now' },
  { name: 'wallet', path: page('wallet'), load: flowPage(() => import('../routes/wallet')), nav: 'wallet', requiresLogin: true },
  { name: 'wallet-detail', path: page('wallet-detail'), load: flowPage(() => import('../routes/wallet-detail')), nav: 'wallet', requiresLogin: true },
  { name: 'transactions', path: page('transactions'), load: flowPage(() => import('../routes/transactions')), requiresLogin: true },
  { name: 'monthly-statements', path: page('monthly-statements'), load: flowPage(() => import('../routes/monthly-statements')), requiresLogin: true },
  { name: 'book', path: bookingPath('book'), load: flowPage(() => import('../routes/book')), nav: 'book-now' },
  { name: 'experience', path: bookingPath('experience'), load: flowPage(() => import('../routes/experience')), nav: 'book-now' },
  { name: 'timeslot', path: bookingPath('timeslot'), load: flowPage(() => import('../routes/timeslot')), nav: 'book-now' },
  { name: 'seating', path: bookingPath('seating'), load: flowPage(() => import('../routes/seating')), nav: 'book-now' },
  // The details and verify steps come before logging in too (docs/decisions/0018-verified-guests.md: log in, sign up or continue as a verified guest there).
  { name: 'profile', path: bookingPath('profile'), load: flowPage(() => import('../routes/profile')), nav: 'book-now' },
  { name: 'verify', path: bookingPath('verify'), load: flowPage(() => import('../routes/verify')), nav: 'book-now' },
  { name: 'confirm', path: bookingPath('confirm'), load: flowPage(() => import('../routes/confirm')), nav: 'book-now', requiresLogin: true },
  { name: 'payment', path: bookingPath('payment'), load: flowPage(() => import('../routes/payment')), nav: 'book-now', requiresLogin: true },
  { name: 'card', path: bookingPath('card'), load: flowPage(() => import('../routes/card')), nav: 'book-now', requiresLogin: true },
  { name: 'result', path: bookingPath('result'), load: flowPage(() => import('../routes/result')), nav: 'book-now', requiresLogin: true },
  { name: 'order', path: page('order'), load: flowPage(() => import('../routes/order')), nav: 'reservations', requiresLogin: true },
  { name: 'cancel', path: page('cancel'), load: flowPage(() => import('../routes/cancel')), nav: 'reservations', requiresLogin: true },
  // A reservation opened by the signed link in its mails: no login, the token is the credential.
  { name: 'manage', path: page('manage'), load: flowPage(() => import('../routes/manage')) },
  // After the visit (README.md): the feedback link of the mail after a visit, the reminder's allergy question (both signed
  // links, no login) and the guest's own personal data.
  { name: 'feedback', path: page('feedback'), load: flowPage(() => import('../routes/feedback')) },
  { name: 'allergies', path: page('allergies'), load: flowPage(() => import('../routes/allergies')) },
  // A walk-in's place in the venue's queue, by the link the host gave (docs/PRODUCT.md §2, the walk-in queue).
  { name: 'walk-in', path: page('walk-in'), load: flowPage(() => import('../routes/walk-in')) },
  { name: 'my-data', path: page('my-data'), load: flowPage(() => import('../routes/my-data')), requiresLogin: true },
  // SMS or WhatsApp for booking messages, and marketing consent (docs/PRODUCT.md §4, no-shows).
  { name: 'message-preferences', path: page('message-preferences'), load: flowPage(() => import('../routes/message-preferences')), requiresLogin: true },
  { name: 'warning', path: bookingPath('warning'), load: flowPage(() => import('../routes/warning')), nav: 'book-now' },
  // The link of a waitlist offer's mail (docs/PRODUCT.md §2, "Added since").
  { name: 'waitlist-offer', path: page('waitlist-offer'), load: flowPage(() => import('../routes/waitlist-offer')), nav: 'book-now', requiresLogin: true },
  // The staff console (docs/PRODUCT.md §6's admin area). Its pages check the staff session themselves.
  staffRoute('login'),
  staffRoute('day'),
  staffRoute('host-stand'),
  // The club sets itself up (docs/PRODUCT.md §2).
  staffRoute('setup-venue'),
  staffRoute('setup'),
  // The guest book (docs/PRODUCT.md §2: search from the console's bar, a guest's profile, duplicates, the club's tags).
  staffRoute('guests'),
  staffRoute('guest'),
  staffRoute('guest-duplicates'),
  staffRoute('guest-tags'),
  staffRoute('table-plan'),
  staffRoute('closures'),
  staffRoute('call-list'),
  staffRoute('accounts'),
  staffRoute('audit-log'),
  staffRoute('reports'),
  staffRoute('privacy'),
  staffRoute('reconciliation'),
  // Development builds only (Vite drops it, and its chunk, from production builds): the live booking statechart.
  ...(import.meta.env.DEV
    ? [{ name: 'dev-statechart' as const, path: '/dev/statechart', load: () => import('../dev/statechart-page') }]
    : []),
]);

/** Every page's name, as the route table lists it. */
export type PageName = (typeof ROUTE_TABLE)[number]['name'];

export const ROUTES: readonly RouteDef<PageName>[] = ROUTE_TABLE;

export function routeByName(name: PageName): RouteDef<PageName> | undefined {
  return ROUTES.find((r) => r.name === name && r.path !== '/');
}

export function routeByPath(path: string): RouteDef<PageName> | undefined {
  return ROUTES.find((r) => r.path === path);
}
