/** Routes of the staff console's report (docs/PRODUCT.md §6): admins and venue staff, each checked for the venue. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireStaff } from '../../lib/auth';
import { createReportHandlers } from './reports.handlers';

export function reportRoutes(): Hono<AppEnv> {
  const h = createReportHandlers();
  return new Hono<AppEnv>().get('/admin/report', requireStaff(), h.report).get('/admin/report.csv', requireStaff(), h.reportCsv);
}
