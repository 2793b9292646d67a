/**
 * The warnings a guest carries to the host stand: their allergy and dietary notes, and the allergy tag.
 * One read for any number of guests, so the day sheet and the table plan add them without a read per booking.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { guestNotes, guestTagLinks, guestTags } from '../../db/guest-book-schema';
import type { Schema } from '../../lib/api-types';

export type GuestAlert = Schema<'GuestAlert'>;

/** Each guest's warnings, allergies first, oldest note first within a kind; guests without any are left out. */
export async function guestAlerts(db: DbOrTx, guestIds: readonly string[]): Promise<Map<string, GuestAlert[]>> {
  const found = new Map<string, GuestAlert[]>();
  if (guestIds.length === 0) return found;
  const ids = [...new Set(guestIds)];
  const [notes, tagged] = await Promise.all([
    db
      .select({ guestId: guestNotes.guestId, kind: guestNotes.kind, body: guestNotes.body, createdAt: guestNotes.createdAt })
      .from(guestNotes)
      .where(and(inArray(guestNotes.guestId, ids), inArray(guestNotes.kind, ['ALLERGY', 'DIETARY']), isNull(guestNotes.removedAt)))
      .orderBy(guestNotes.createdAt),
    db
      .select({ guestId: guestTagLinks.guestId })
      .from(guestTagLinks)
      .innerJoin(guestTags, eq(guestTags.id, guestTagLinks.tagId))
      .where(and(inArray(guestTagLinks.guestId, ids), eq(guestTags.code, 'ALLERGY'))),
  ]);
  const add = (guestId: string, alert: GuestAlert) => found.set(guestId, [...(found.get(guestId) ?? []), alert]);
  for (const note of notes.filter((n) => n.kind === 'ALLERGY')) add(note.guestId, { kind: 'ALLERGY', text: note.body });
  // The tag alone says there is an allergy; a note says which.
  for (const { guestId } of tagged) if (!found.get(guestId)?.length) add(guestId, { kind: 'ALLERGY', text: null });
  for (const note of notes.filter((n) => n.kind === 'DIETARY')) add(note.guestId, { kind: 'DIETARY', text: note.body });
  return found;
}
