/**
 * PDF menus uploaded in the set-up (docs/decisions/0016-versioned-setup.md), beside the generated ones (server/menus/) or in place of
 * one: parsed as a PDF (it loads, has a page, has no password) and size-limited, kept in the database so every server process
 * serves it, under a file name holding the hash of its bytes (a new upload is a new URL, cached for good).
 */
import { createHash } from 'node:crypto';
import { and, eq, max } from 'drizzle-orm';
import type { AppDeps, AuthUser } from '../../context';
import { menus, venues } from '../../db/schema';
import { ApiError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { recordSetupChange } from '../audit/setup-audit';
import { catalogChanged, venueNotFound } from '../booking-rules/venue-catalog';
import { pdfRefusal, type PdfRefusal } from './upload-checks';
import { tooLarge } from './venue-pictures';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { MENU_URL_PREFIX } from '../../../common/venues';

/** The largest menu accepted. */
export const MAX_MENU_BYTES = 10 * 1024 * 1024;

/** What staff read when the upload is no menu a guest can open: one sentence per reason, each translated. */
const PDF_REFUSALS: Record<PdfRefusal, string> = {
  'not-pdf': /*i18n*/ 'The menu must be a PDF file.',
  encrypted: /*i18n*/ 'This PDF is protected by a password, so guests could not open it. Please save it without a password and upload it again.',
  'no-pages': /*i18n*/ 'This PDF has no pages. Please upload the menu itself.',
};

/** A menu as the venue page lists it. */
export interface UploadedMenu {
  name: string;
  url: string;
}

/** A stored menu as the venue page lists it: its name and its file's address. */
const uploadedMenu = (menu: { name: string; fileName: string }): UploadedMenu => ({ name: menu.name, url: `${MENU_URL_PREFIX}${menu.fileName}` });

/**
 * Adds the PDF under `name`, or replaces the menu of that name (a generated one too, whose PDF it then
 * is): 413 20133 over `MAX_MENU_BYTES`, 415 20132 when the content is no PDF; audited; every process
 * lists it on its next request.
 */
export async function uploadVenueMenu(deps: AppDeps, actor: AuthUser, venueId: string, name: string, bytes: Uint8Array): Promise<UploadedMenu> {
  if (bytes.byteLength > MAX_MENU_BYTES) throw tooLarge(MAX_MENU_BYTES / 1024 / 1024);
  const refusal = await pdfRefusal(bytes);
  if (refusal) throw new ApiError(415, ERROR_CODES.MENU_NOT_PDF, PDF_REFUSALS[refusal]);
  return deps.db.transaction(async (tx) => {
    const [venue] = await tx.select({ domain: venues.domain }).from(venues).where(eq(venues.id, venueId)).for('update');
    if (!venue) throw venueNotFound();
    // The name is hashed with the bytes: file names are unique, and one PDF may be two menus (the same
    // file uploaded as "Festive Menu" and "Winter Menu" was a 500).
    const hash = createHash('sha256').update(name).update('\0').update(bytes).digest('hex').slice(0, 16);
    const fileName = `${venue.domain}-${hash}.pdf`;
    const [old] = await tx.select().from(menus).where(and(eq(menus.venueId, venueId), eq(menus.name, name))).limit(1);
    if (old) {
      await tx.update(menus).set({ fileName, pdf: bytes }).where(eq(menus.id, old.id));
    } else {
      const [last] = await tx.select({ order: max(menus.sortOrder) }).from(menus).where(eq(menus.venueId, venueId));
      await tx.insert(menus).values({ id: newId(), venueId, name, fileName, pdf: bytes, sortOrder: (last?.order ?? -1) + 1 });
    }
    await catalogChanged(tx);
    const after = uploadedMenu({ name, fileName });
    await recordSetupChange(tx, {
      actorId: actor.id,
      venueId,
      entity: 'venue',
      entityId: venueId,
      // The venue's menus, not the venue, were created or changed: the record is the menu.
      before: { menu: old ? uploadedMenu(old) : null },
      after: { menu: after },
      at: deps.clock.now(),
    });
    return after;
  });
}

/**
 * Takes the uploaded menu of that name off the venue's page (the generated one of that name, if any,
 * shows again): 404 when the venue has no uploaded menu of that name; audited; every process lists the
 * menus without it on its next request.
 */
export async function removeVenueMenu(deps: AppDeps, actor: AuthUser, venueId: string, name: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [venue] = await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, venueId)).for('update');
    if (!venue) throw venueNotFound();
    const [old] = await tx.delete(menus).where(and(eq(menus.venueId, venueId), eq(menus.name, name))).returning();
    if (!old) throw notFound(/*i18n*/ 'This venue has no uploaded menu of that name.');
    await catalogChanged(tx);
    await recordSetupChange(tx, {
      actorId: actor.id,
      venueId,
      entity: 'venue',
      entityId: venueId,
      before: { menu: uploadedMenu(old) },
      after: { menu: null },
      at: deps.clock.now(),
    });
  });
}
