/**
 * Staff's dated notes on a guest, with their author: plain notes, seating preferences, and allergies and
 * dietary needs (which warn the host stand: guest-alerts.ts). A removed note is kept for the audit log.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import type { Db, DbOrTx } from '../../db/client';
import { guestNotes, type GuestNoteKind } from '../../db/guest-book-schema';
import { users } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { recordAudit } from '../audit/audit-log';
import { findGuest } from './guest-book-access';

export type GuestNoteDto = Schema<'GuestNote'>;

/** A guest's notes, newest first. */
export async function notesOf(db: DbOrTx, guestId: string): Promise<GuestNoteDto[]> {
  const rows = await db
    .select({ note: guestNotes, authorFirst: users.firstName, authorLast: users.lastName })
    .from(guestNotes)
    .innerJoin(users, eq(users.id, guestNotes.authorId))
    .where(and(eq(guestNotes.guestId, guestId), isNull(guestNotes.removedAt)))
    .orderBy(desc(guestNotes.createdAt), desc(guestNotes.id));
  return rows.map(({ note, authorFirst, authorLast }) => ({
    _id: note.id,
    kind: note.kind,
    body: note.body,
    createdAt: note.createdAt.toISOString(),
    author: { _id: note.authorId, name: `${authorFirst} ${authorLast}`.trim() },
  }));
}

/** Adds a note, audited, and answers it. */
export async function addNote(db: Db, actor: AuthUser, guestId: string, note: { kind: GuestNoteKind; body: string }, now: Date): Promise<GuestNoteDto> {
  return db.transaction(async (tx) => {
    await findGuest(tx, guestId, { lock: true });
    const id = newId();
    await tx.insert(guestNotes).values({ id, guestId, kind: note.kind, body: note.body, authorId: actor.id, createdAt: now });
    await recordAudit(tx, { actorId: actor.id, venueId: actor.venueId ?? null, action: 'guest.note', entityType: 'user', entityId: guestId, before: null, after: note, at: now });
    return (await notesOf(tx, guestId)).find((n) => n._id === id)!;
  });
}

/** Removes a note of this guest's (404 for another's or one already removed), audited. */
export async function removeNote(db: Db, actor: AuthUser, guestId: string, noteId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .update(guestNotes)
      .set({ removedAt: now })
      .where(and(eq(guestNotes.id, noteId), eq(guestNotes.guestId, guestId), isNull(guestNotes.removedAt)))
      .returning();
    if (!removed) throw notFound(/*i18n*/ 'This guest has no note with this id');
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: actor.venueId ?? null,
      action: 'guest.note-remove',
      entityType: 'user',
      entityId: guestId,
      before: { kind: removed.kind, body: removed.body },
      after: null,
      at: now,
    });
  });
}
