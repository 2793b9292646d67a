/** Handlers of the no-show report (docs/PRODUCT.md §4, no-shows): the rates as JSON, and the same as a CSV download. */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import { answer } from '../route';
import { idSchema, parseQuery } from '../../lib/validate';
import { noShowReport, type NoShowReport } from '../../services/reports/no-show-report';
import { noShowCsv, noShowFileName } from '../../services/reports/no-show-csv';
import { reportScope, requiredDate } from './reports.handlers';
import { csvDownload } from '../csv-download';

type Ctx = Context<AppEnv>;

const noShowQuery = v.object({ venueId: v.optional(idSchema), from: requiredDate('from'), to: requiredDate('to') });

async function readNoShows(c: Ctx): Promise<{ report: NoShowReport; venueDomain: string | null }> {
  const { venueId: asked, from, to } = parseQuery(c, noShowQuery);
  const { venueId, venueDomain } = await reportScope(c, asked, from, to);
  return { report: await noShowReport(c.get('deps').db, { venueId, from, to }), venueDomain };
}

export function createNoShowReportHandlers() {
  return {
    /** GET /admin/report/no-shows. */
    async report(c: Ctx) {
      const { report } = await readNoShows(c);
      const body = { status: 200, data: report };
      return answer(200, body);
    },

    /** GET /admin/report/no-shows.csv. */
    async csv(c: Ctx) {
      const { report, venueDomain } = await readNoShows(c);
      return csvDownload(c, noShowCsv(report, c.var.i18n), noShowFileName(report, venueDomain));
    },
  };
}
