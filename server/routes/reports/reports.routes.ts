/** Routes of the staff console's report (docs/PRODUCT.md §6): admins and venue staff, each checked for the venue. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireStaff } from '../../lib/auth';
import { route } from '../route';
import { createReportHandlers } from './reports.handlers';
import { createNoShowReportHandlers } from './no-show-report.handlers';

export function reportRoutes(): Hono<AppEnv> {
  const h = createReportHandlers();
  const noShows = createNoShowReportHandlers();
  const app = new Hono<AppEnv>();
  route(app, 'get', '/admin/report', requireStaff(), h.report);
  route(app, 'get', '/admin/report.csv', requireStaff(), h.reportCsv);
  route(app, 'get', '/admin/report/no-shows', requireStaff(), noShows.report);
  route(app, 'get', '/admin/report/no-shows.csv', requireStaff(), noShows.csv);
  return app;
}
