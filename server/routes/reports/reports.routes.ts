/** Routes of the staff console's report (docs/PRODUCT.md §6): admins and venue staff, each checked for the venue. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireStaff } from '../../lib/auth';
import { createReportHandlers } from './reports.handlers';
import { createNoShowReportHandlers } from './no-show-report.handlers';

export function reportRoutes(): Hono<AppEnv> {
  const h = createReportHandlers();
  const noShows = createNoShowReportHandlers();
  return new Hono<AppEnv>()
    .get('/admin/report', requireStaff(), h.report)
    .get('/admin/report.csv', requireStaff(), h.reportCsv)
    .get('/admin/report/no-shows', requireStaff(), noShows.report)
    .get('/admin/report/no-shows.csv', requireStaff(), noShows.csv);
}
