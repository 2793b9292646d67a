/**
 * What the report page shows, read from its address (`?venue=obe|all&from=…&to=…&by=day|week`): a range
 * that is missing, backwards or too long falls back to this week on the server's clock; venue staff see
 * their own venue whatever the address says (the server checks it too).
 */
import { MAX_REPORT_DAYS, rangeDays, weekOf, type ReportPeriod } from '../../../common/report-range';
import { isIsoDate } from '../../../common/time';
import type { Venue } from '../../../common/venues';

/** The address's word for every venue (admins only). */
export const ALL_VENUES = 'all';

export interface ReportSelection {
  /** One venue, or null for every venue. */
  venue: Venue | null;
  from: string;
  to: string;
  by: ReportPeriod;
}

/** Why a range cannot be reported, or null when it can. */
export function rangeProblem(from: string, to: string): 'invalid' | 'backwards' | 'too-long' | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return 'invalid';
  const days = rangeDays(from, to);
  if (days < 1) return 'backwards';
  return days > MAX_REPORT_DAYS ? 'too-long' : null;
}

export function reportSelection(query: Record<string, string>, venues: readonly Venue[], isAdmin: boolean, today: string): ReportSelection {
  const named = venues.find((v) => v.domain === query.venue);
  const venue = named ?? (isAdmin ? null : (venues[0] ?? null));
  const asked = { from: query.from ?? '', to: query.to ?? '' };
  const range = rangeProblem(asked.from, asked.to) ? weekOf(today) : asked;
  return { venue, ...range, by: query.by === 'week' ? 'week' : 'day' };
}

/** The selection as the page's address query. */
export const selectionQuery = (s: ReportSelection) => ({ venue: s.venue?.domain ?? ALL_VENUES, from: s.from, to: s.to, by: s.by });

/** The selection as the API's query. */
export const apiQuery = (s: ReportSelection) => ({ ...(s.venue ? { venueId: s.venue.value } : {}), from: s.from, to: s.to, by: s.by });
