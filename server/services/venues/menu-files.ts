/**
 * The venues' PDF menus as `GET /public/menu/{fileName}` serves them: only names the `menus` table lists,
 * rendered once per process (menu-pdf.ts renders the same bytes for a name on every call).
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { menus } from '../../db/schema';
import { renderMenuPdf } from '../../menus/menu-pdf';

/** A menu's bytes and the ETag that names them. */
export interface RenderedMenu {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

const renderedMenus = new Map<string, Promise<RenderedMenu | null>>();

function renderedMenu(fileName: string): Promise<RenderedMenu | null> {
  let entry = renderedMenus.get(fileName);
  if (!entry) {
    const rendering = renderMenuPdf(fileName);
    entry = rendering
      ? rendering.then((buffer) => ({
          body: new Uint8Array(buffer),
          etag: `"${createHash('sha256').update(buffer).digest('base64url').slice(0, 27)}"`,
        }))
      : Promise.resolve(null);
    renderedMenus.set(fileName, entry);
    // A failed render is not remembered, so the next request tries again.
    entry.catch(() => renderedMenus.delete(fileName));
  }
  return entry;
}

/** The menu of that file name, or null when no venue lists it. */
export async function findMenu(db: Db, fileName: string): Promise<RenderedMenu | null> {
  const [known] = await db.select({ id: menus.id }).from(menus).where(eq(menus.fileName, fileName)).limit(1);
  return known ? renderedMenu(fileName) : null;
}
