/** Handlers of the staff console's report: the figures as JSON, and the same as a CSV download. */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import { answer } from '../route';
import { checkVenueAccess } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import { idSchema, isoDateMessage, parseQuery, requiredMessage } from '../../lib/validate';
import { localizeText } from '../localisation/content';
import { loadVenueCatalog, venueOf } from '../../services/booking-rules/venue-catalog';
import { reportCsv, reportFileName } from '../../services/reports/report-csv';
import { venueReport, type VenueReportDto } from '../../services/reports/venue-report';
import { MAX_REPORT_DAYS, rangeDays, REPORT_PERIODS } from '../../../common/report-range';
import { isIsoDate } from '../../../common/time';
import { csvDownload } from '../csv-download';

type Ctx = Context<AppEnv>;

export const requiredDate = (field: string) =>
  v.pipe(v.optional(v.string(), ''), v.nonEmpty(requiredMessage(field)), v.check(isIsoDate, isoDateMessage(field)));

const reportQuery = v.object({
  venueId: v.optional(idSchema),
  from: requiredDate('from'),
  to: requiredDate('to'),
  by: v.optional(v.picklist(REPORT_PERIODS, /*i18n*/ 'by must be day or week'), 'day'),
});

/**
 * The report the caller may read: one venue (403 for another venue's staff, 404 for none), or, without
 * `venueId`, every venue for an admin and their own for venue staff. 400 for a range that runs backwards
 * or is longer than 53 weeks.
 */
async function readReport(c: Ctx): Promise<{ report: VenueReportDto; venueDomain: string | null }> {
  const { venueId: asked, from, to, by } = parseQuery(c, reportQuery);
  const { venueId, venueDomain } = await reportScope(c, asked, from, to);
  const { db } = c.get('deps');
  const report = await venueReport(db, { venueId, from, to, by });
  const rows = report.rows.map((row) => ({ ...row, venueName: localizeText(c.var.i18n, row.venueName) }));
  return { report: { ...report, rows }, venueDomain };
}

/** The venue a report covers (null: every venue the caller may read) and its domain, with the range checked. */
export async function reportScope(c: Ctx, asked: string | undefined, from: string, to: string): Promise<{ venueId: string | null; venueDomain: string | null }> {
  const actor = c.get('auth');
  const venueId = asked ?? (actor.role === 'admin' ? null : (actor.venueId ?? null));
  if (venueId) checkVenueAccess(actor, venueId);
  const days = rangeDays(from, to);
  if (days < 1) throw badRequest(/*i18n*/ 'The range must end on or after the day it starts', 'to');
  if (days > MAX_REPORT_DAYS) throw badRequest(/*i18n*/ 'A report covers at most {days} days', 'to', { days: MAX_REPORT_DAYS });
  const venueDomain = venueId ? venueOf(await loadVenueCatalog(c.get('deps').db), venueId).venue.domain : null;
  return { venueId, venueDomain };
}

export function createReportHandlers() {
  return {
    /** GET /admin/report: covers, bookings, no-shows, cancellations and money per venue per day or week. */
    async report(c: Ctx) {
      const { report } = await readReport(c);
      const body = { status: 200, data: report };
      return answer(200, body);
    },

    /** GET /admin/report.csv: the same report as a CSV file, its header row in the caller's language. */
    async reportCsv(c: Ctx) {
      const { report, venueDomain } = await readReport(c);
      return csvDownload(c, reportCsv(report, c.var.i18n), reportFileName(report, venueDomain));
    },
  };
}
