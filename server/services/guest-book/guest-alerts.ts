/**
 * The warnings a guest carries to the host stand: their allergy and dietary notes, and the allergy tag.
 * One read for any number of guests, so the day sheet and the table plan add them without a read per booking.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { guestNotes, guestTagLinks, guestTags } from '../../db/guest-book-schema';
import type { Schema } from '../../lib/api-types';
import { idIn } from '../../lib/ids';

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
      .where(and(idIn(guestNotes.guestId, ids), inArray(guestNotes.kind, ['ALLERGY', 'DIETARY']), isNull(guestNotes.removedAt)))
      .orderBy(guestNotes.createdAt),
    db
      .select({ guestId: guestTagLinks.guestId })
      .from(guestTagLinks)
      .innerJoin(guestTags, eq(guestTags.id, guestTagLinks.tagId))
      .where(and(idIn(guestTagLinks.guestId, ids), eq(guestTags.code, 'ALLERGY'))),
  ]);
  const taggedIds = new Set(tagged.map((t) => t.guestId));
  const notesOf = new Map<string, typeof notes>();
  for (const note of notes) notesOf.set(note.guestId, [...(notesOf.get(note.guestId) ?? []), note]);
  for (const id of new Set([...notesOf.keys(), ...taggedIds])) found.set(id, alertsFrom(notesOf.get(id) ?? [], taggedIds.has(id)));
  return found;
}

/**
 * One guest's warnings from their allergy and dietary notes (oldest first) and whether they carry the
 * allergy tag: allergies first, then dietary needs. The host stand reads the same two in its one query.
 */
export function alertsFrom(notes: readonly { kind: string; body: string }[], allergyTagged: boolean): GuestAlert[] {
  const allergies = notes.filter((n) => n.kind === 'ALLERGY').map((n): GuestAlert => ({ kind: 'ALLERGY', text: n.body }));
  // The tag alone says there is an allergy; a note says which.
  if (allergies.length === 0 && allergyTagged) allergies.push({ kind: 'ALLERGY', text: null });
  return [...allergies, ...notes.filter((n) => n.kind === 'DIETARY').map((n): GuestAlert => ({ kind: 'DIETARY', text: n.body }))];
}
