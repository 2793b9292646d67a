/**
 * Tags on guests: the built-in ones (VIP, regular, press, allergy) and the club's own, which admins set up.
 * Staff give and take them; each is audited in the transaction that makes it.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { guestTagLinks, guestTags } from '../../db/guest-book-schema';
import type { Db } from '../../db/client';
import type { Schema } from '../../lib/api-types';
import { ApiError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { ERROR_CODES } from '../../../common/api/error-codes';
import { recordAudit } from '../audit/audit-log';
import { findGuest } from './guest-book-access';

export type GuestTagDto = Schema<'GuestTag'>;
export type GivenTagDto = Schema<'GivenTag'>;

type TagRow = typeof guestTags.$inferSelect;
const tagDto = (t: TagRow): GuestTagDto => ({ _id: t.id, code: t.code, name: t.name, archived: t.archivedAt !== null });

const tagNotFound = () => notFound(/*i18n*/ 'No tag has this id');

/** Every tag, built-in ones first; archived ones only when asked (the admin page lists them apart). */
export async function listTags(db: DbOrTx, { archived = false } = {}): Promise<GuestTagDto[]> {
  const rows = await db
    .select()
    .from(guestTags)
    .where(archived ? undefined : isNull(guestTags.archivedAt))
    .orderBy(sql`${guestTags.code} IS NULL`, asc(guestTags.createdAt), asc(guestTags.name), asc(guestTags.id));
  return rows.map(tagDto);
}

/** An admin's new tag (409 when a live tag has this name, in any case). */
export async function createTag(db: Db, actor: AuthUser, name: string, now: Date): Promise<GuestTagDto> {
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: guestTags.id }).from(guestTags).where(and(sql`lower(${guestTags.name}) = lower(${name})`, isNull(guestTags.archivedAt)));
    if (taken) throw new ApiError(409, ERROR_CODES.TAG_NAME_TAKEN, /*i18n*/ 'A tag has this name already');
    const [row] = await tx.insert(guestTags).values({ id: newId(), name, createdBy: actor.id, createdAt: now }).returning();
    await recordAudit(tx, { actorId: actor.id, venueId: null, action: 'guest-tag.create', entityType: 'guest_tag', entityId: row!.id, before: null, after: { name }, at: now });
    return tagDto(row!);
  });
}

/** Archives one of the club's own tags: no longer offered, still shown on the guests who have it. Built-in tags stay. */
export async function archiveTag(db: Db, actor: AuthUser, id: string, now: Date): Promise<GuestTagDto> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(guestTags).where(eq(guestTags.id, id)).for('update');
    if (!row) throw tagNotFound();
    if (row.code) throw new ApiError(409, ERROR_CODES.TAG_BUILT_IN, /*i18n*/ 'The built-in tags cannot be removed');
    if (row.archivedAt) return tagDto(row);
    const [archived] = await tx.update(guestTags).set({ archivedAt: now }).where(eq(guestTags.id, id)).returning();
    await recordAudit(tx, { actorId: actor.id, venueId: null, action: 'guest-tag.archive', entityType: 'guest_tag', entityId: id, before: { name: row.name }, after: null, at: now });
    return tagDto(archived!);
  });
}

/** The tags a guest has, in the order given. */
export async function tagsOf(db: DbOrTx, guestId: string): Promise<GivenTagDto[]> {
  const rows = await db
    .select({ tag: guestTags, addedAt: guestTagLinks.addedAt })
    .from(guestTagLinks)
    .innerJoin(guestTags, eq(guestTags.id, guestTagLinks.tagId))
    .where(eq(guestTagLinks.guestId, guestId))
    .orderBy(asc(guestTagLinks.addedAt), asc(guestTags.id));
  return rows.map((r) => ({ ...tagDto(r.tag), addedAt: r.addedAt.toISOString() }));
}

/** Gives a live tag to a guest (giving it again changes nothing) and answers the guest's tags. */
export async function giveTag(db: Db, actor: AuthUser, guestId: string, tagId: string, now: Date): Promise<GivenTagDto[]> {
  return db.transaction(async (tx) => {
    await findGuest(tx, guestId, { lock: true });
    const [tag] = await tx.select().from(guestTags).where(eq(guestTags.id, tagId));
    if (!tag) throw tagNotFound();
    if (tag.archivedAt) throw new ApiError(409, ERROR_CODES.TAG_ARCHIVED, /*i18n*/ 'This tag has been removed by an admin');
    const added = await tx.insert(guestTagLinks).values({ guestId, tagId, addedBy: actor.id, addedAt: now }).onConflictDoNothing().returning();
    if (added.length) {
      await recordAudit(tx, { actorId: actor.id, venueId: actor.venueId ?? null, action: 'guest.tag', entityType: 'user', entityId: guestId, before: null, after: { tag: tag.code ?? tag.name }, at: now });
    }
    return tagsOf(tx, guestId);
  });
}

/** Takes a tag off a guest (one they do not have changes nothing) and answers the guest's tags. */
export async function takeTag(db: Db, actor: AuthUser, guestId: string, tagId: string, now: Date): Promise<GivenTagDto[]> {
  return db.transaction(async (tx) => {
    await findGuest(tx, guestId, { lock: true });
    const removed = await tx.delete(guestTagLinks).where(and(eq(guestTagLinks.guestId, guestId), eq(guestTagLinks.tagId, tagId))).returning();
    if (removed.length) {
      const [tag] = await tx.select().from(guestTags).where(eq(guestTags.id, tagId));
      await recordAudit(tx, { actorId: actor.id, venueId: actor.venueId ?? null, action: 'guest.untag', entityType: 'user', entityId: guestId, before: { tag: tag?.code ?? tag?.name }, after: null, at: now });
    }
    return tagsOf(tx, guestId);
  });
}
