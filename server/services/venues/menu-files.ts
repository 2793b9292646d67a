/**
 * The venues' PDF menus as `GET /public/menu/{fileName}` serves them: only names the `menus` table lists,
 * the PDF uploaded in the set-up, or else rendered once per process (menu-pdf.ts renders the same bytes
 * for a name on every call).
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

const etagOf = (bytes: Uint8Array) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

const renderedMenus = new Map<string, Promise<RenderedMenu | null>>();

function renderedMenu(fileName: string): Promise<RenderedMenu | null> {
  let entry = renderedMenus.get(fileName);
  if (!entry) {
    const rendering = renderMenuPdf(fileName);
    entry = rendering
      ? rendering.then((buffer) => ({
          body: new Uint8Array(buffer),
          etag: etagOf(buffer),
        }))
      : Promise.resolve(null);
    renderedMenus.set(fileName, entry);
    // A failed render is not remembered, so the next request tries again.
    entry.catch(() => renderedMenus.delete(fileName));
  }
  return entry;
}

/** The menu of that file name, or null when no venue lists it: the uploaded PDF, else the generated one. */
export async function findMenu(db: Db, fileName: string): Promise<RenderedMenu | null> {
  const [known] = await db.select({ id: menus.id, pdf: menus.pdf }).from(menus).where(eq(menus.fileName, fileName)).limit(1);
  if (!known) return null;
  if (known.pdf) return { body: new Uint8Array(known.pdf), etag: etagOf(known.pdf) };
  return renderedMenu(fileName);
}
