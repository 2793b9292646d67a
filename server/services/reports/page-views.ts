/** Page views: a count per page name and language, with no query string or other personal data. */
import type { Db } from '../../db/client';
import { pageViews } from '../../db/schema';
import type { Locale } from '../../../common/locales';

/** Records one view of a page. */
export async function recordPageView(db: Db, view: { page: string; locale: Locale }, now: Date): Promise<void> {
  await db.insert(pageViews).values({ page: view.page, locale: view.locale, createdAt: now });
}
