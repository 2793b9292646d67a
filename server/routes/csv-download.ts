/**
 * A CSV file as a download: the staff reports, the no-show rates and Stripe's reconciliation answer their
 * `.csv` calls with it, so each says only what the file holds and what it is called.
 */
import type { Context } from 'hono';

export function csvDownload(c: Context, csv: string, fileName: string): Response {
  return c.body(csv, 200, {
    'content-type': 'text/csv; charset=utf-8; header=present',
    'content-disposition': `attachment; filename="${fileName}"`,
    // A report names guests and money: never kept by a shared cache.
    'cache-control': 'no-store',
  });
}
