/**
 * The reconciliation with Stripe, for admins: a day's differences as last found (JSON and CSV), and
 * running a day again now. Venue staff and guests get 403.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { isoDateMessage, parseBody, parseQuery, requiredMessage, requiredObject } from '../../lib/validate';
import { readReconciliation, reconcileDay } from '../../services/payments/stripe-reconciliation';
import { reconciliationCsv } from '../../services/payments/reconciliation-csv';
import { isIsoDate } from '../../../common/time';
import { answer } from '../route';
import { route } from '../route';
import { csvDownload } from '../csv-download';

type Ctx = Context<AppEnv>;

const dateField = v.pipe(v.optional(v.string(), ''), v.nonEmpty(requiredMessage('date')), v.check(isIsoDate, isoDateMessage('date')));
const dayQuery = v.object({ date: dateField });
const runBody = requiredObject({ date: dateField });

async function read(c: Ctx) {
  const { date } = parseQuery(c, dayQuery);
  const data = await readReconciliation(c.get('deps').db, date);
  return answer(200, { status: 200, data });
}

async function run(c: Ctx) {
  const { date } = await parseBody(c, runBody);
  const data = await reconcileDay(c.get('deps'), date);
  return answer(200, { status: 200, data });
}

async function csv(c: Ctx) {
  const { date } = parseQuery(c, dayQuery);
  const report = await readReconciliation(c.get('deps').db, date);
  if (!report) throw notFound(/*i18n*/ 'That day has not been reconciled yet');
  return csvDownload(c, reconciliationCsv(report, c.var.i18n), `stripe-reconciliation-${date}.csv`);
}

export function reconciliationRoutes(): Hono<AppEnv> {
  const admin = requireAdmin();
  const app = new Hono<AppEnv>();
  route(app, 'get', '/admin/payments/reconciliation', admin, read);
  route(app, 'post', '/admin/payments/reconciliation', admin, run);
  route(app, 'get', '/admin/payments/reconciliation.csv', admin, csv);
  return app;
}
