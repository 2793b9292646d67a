/**
 * The staff console's shell, which every staff page renders itself inside:
 *
 *   export default function TablePlanPage({ query }: PageProps) {
 *     const { t } = useLingui();
 *     return (
 *       <StaffShell section="table-plan" title={t`Table plan`} query={query}>
 *         {({ venue, date, user }) => <TablePlan venueId={venue.value} date={date} />}
 *       </StaffShell>
 *     );
 *   }
 *
 * plus `staffRoute('table-plan', () => import('../routes/staff/table-plan'))` in src/navigation/routes.ts
 * (its entry in src/staff/staff-sections.ts then shows in the navigation). The shell sends a logged-out
 * visitor to the staff log-in and back; shows the console's navigation, and for a venue-and-day section
 * the venue picker (venue staff: their venue only) and the date picker, kept in the address as
 * `?venue={domain}&date={YYYY-MM-DD}`; and gives the page the `StaffScope`. Call the API with
 * `staffApi` (src/staff/staff-api.ts): it carries the staff token, never the guest's.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, type ReactNode } from 'react';
import type { SessionUser } from '../../machines/session.machine';
import { useServerServiceDay } from '../api/use-server-today';
import { Page } from '../components/page';
import { DelayedIndicator } from '../components/page-loader';
import { addDays, isIsoDate } from '../../common/time';
import { VENUES, type Venue } from '../../common/venues';
import { useHashPath, useHashSearch } from '../navigation/hash-location';
import { href, redirectTo, type Query } from '../navigation/navigator';
import { routeByName } from '../navigation/routes';
import { LanguageSwitch } from '../components/language-switch';
import { STAFF_SECTIONS, type StaffPageName, type StaffSection } from './staff-sections';
import { staffSessionActor, useStaffSessionState, useStaffUser } from './staff-session';
import { GuestSearchBox } from './guests/guest-search-box';
import './staff.css';

/** What a staff page works on. */
export interface StaffScope {
  user: SessionUser;
  isAdmin: boolean;
  /** The chosen venue (venue staff: always their own). */
  venue: Venue;
  /** The chosen service day, `YYYY-MM-DD` in Hong Kong (by default the one running now: before 06:00, the day before). */
  date: string;
}

/** The venues this member of staff may open: every one for an admin, their own for venue staff. */
export function venuesFor(user: SessionUser): readonly Venue[] {
  return user.role === 'admin' ? VENUES : VENUES.filter((v) => v.value === user.venueId);
}

function chosenVenue(user: SessionUser, domain: string | undefined): Venue | undefined {
  const allowed = venuesFor(user);
  return allowed.find((v) => v.domain === domain) ?? allowed[0];
}

/** Sections this member of staff sees: those with a route, admin-only ones for admins. */
function visibleSections(user: SessionUser): StaffSection[] {
  return STAFF_SECTIONS.filter((s) => routeByName(`staff-${s.name}`) && (!s.adminOnly || user.role === 'admin'));
}

function StaffNav({ current, user, query }: { current: string; user: SessionUser; query: Record<string, string> }) {
  const { t, i18n } = useLingui();
  // Moving between venue-and-day sections keeps the venue and the day.
  const carried: Query = { venue: query.venue, date: query.date };
  return (
    <header className="staff-bar">
      <div className="staff-bar__inner">
        <a className="staff-bar__brand" href={href('staff-day', carried)}>
          {t`Staff console`}
        </a>
        <nav aria-label={t`Staff`} className="staff-nav">
          <ul className="staff-nav__list">
            {visibleSections(user).map((section) => (
              <li key={section.name}>
                <a
                  className="staff-nav__link"
                  href={href(`staff-${section.name}`, section.venueDay ? carried : {})}
                  aria-current={section.name === current ? 'page' : undefined}
                >
                  {i18n._(section.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <GuestSearchBox initial={current === 'guests' ? (query.q ?? '') : ''} />
        <div className="staff-bar__user">
          <span>{`${user.firstName} ${user.lastName}`.trim() || user.email}</span>
          <LanguageSwitch />
          <button type="button" onClick={() => staffSessionActor().send({ type: 'logout' })}>
            {t`Log out`}
          </button>
        </div>
      </div>
    </header>
  );
}

function VenueDayPicker({ section, user, venue, date, today, query }: { section: StaffPageName; user: SessionUser; venue: Venue; date: string; today: string; query: Record<string, string> }) {
  const { t } = useLingui();
  const venues = venuesFor(user);
  const go = (change: Query) => redirectTo(`staff-${section}`, { ...query, venue: venue.domain, date, ...change });
  return (
    <div className="staff-scope" role="group" aria-label={t`Venue and day`}>
      <label className="staff-scope__field">
        <span>{t`Venue`}</span>
        <select value={venue.domain} disabled={venues.length < 2} onChange={(e) => go({ venue: e.target.value })}>
          {venues.map((v) => (
            <option key={v.domain} value={v.domain}>
              {v.title}
            </option>
          ))}
        </select>
      </label>
      <div className="staff-scope__day">
        <button type="button" className="button" onClick={() => go({ date: addDays(date, -1) })} aria-label={t`Previous day`}>
          ‹
        </button>
        <label className="staff-scope__field">
          <span>{t`Date`}</span>
          <input type="date" value={date} required onChange={(e) => isIsoDate(e.target.value) && go({ date: e.target.value })} />
        </label>
        <button type="button" className="button" onClick={() => go({ date: addDays(date, 1) })} aria-label={t`Next day`}>
          ›
        </button>
        <button type="button" className="button" disabled={date === today} onClick={() => go({ date: today })}>
          {t`Today`}
        </button>
      </div>
    </div>
  );
}

/** Sends a visitor without a staff session to the staff log-in, which brings them back here. */
function useStaffGuard(): 'checking' | 'in' {
  const state = useStaffSessionState();
  const [path] = useHashPath();
  const search = useHashSearch();
  useEffect(() => {
    if (state !== 'out' && state !== 'expired') return;
    const here = search ? `${path}?${search}` : path;
    redirectTo('staff-login', { redirect: here, ...(state === 'expired' ? { expired: 1 } : {}) });
  }, [state, path, search]);
  return state === 'in' ? 'in' : 'checking';
}

export function StaffShell({
  section,
  title,
  query,
  children,
}: {
  /** The section's name in src/staff/staff-sections.ts (and its route, `staff-{section}`). */
  section: StaffPageName;
  title: string;
  query: Record<string, string>;
  children: (scope: StaffScope) => ReactNode;
}) {
  const { t } = useLingui();
  const guard = useStaffGuard();
  const user = useStaffUser();
  // Staff's today is the service day running: after midnight, the night's service until 06:00.
  const today = useServerServiceDay();
  const meta = STAFF_SECTIONS.find((s) => s.name === section);
  const forbidden = Boolean(meta?.adminOnly) && user?.role !== 'admin';

  if (guard !== 'in' || !user) return <DelayedIndicator />;
  const venue = chosenVenue(user, query.venue);
  const date = query.date && isIsoDate(query.date) ? query.date : today;
  return (
    <>
      <StaffNav current={section} user={user} query={query} />
      <Page title={title} wide>
        {forbidden || !venue ? (
          <p className="form-error">{t`This part of the staff console is for admins only.`}</p>
        ) : (
          <>
            {meta?.venueDay && <VenueDayPicker section={section} user={user} venue={venue} date={date} today={today} query={query} />}
            {children({ user, isAdmin: user.role === 'admin', venue, date })}
          </>
        )}
      </Page>
    </>
  );
}
