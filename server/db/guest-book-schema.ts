/**
 * The guest book's tables (migrations/0021-0040/0027_guest_book.sql): tags, which guest has which, and
 * staff's dated notes. Kept beside `schema.ts` so the guest book's tables read as one piece.
 */
import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { GuestNoteKind } from '../../common/validation/guest-book-validation';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type GuestTagCode = 'VIP' | 'REGULAR' | 'PRESS' | 'ALLERGY';
export type { GuestNoteKind };

/** A tag: built in (`code`, named by the app in each language) or the club's own (`name`, an admin's words). */
export const guestTags = pgTable('guest_tags', {
  id: text('id').primaryKey(),
  code: text('code').$type<GuestTagCode>(),
  name: text('name'),
  archivedAt: ts('archived_at'),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull(),
});

export const guestTagLinks = pgTable(
  'guest_tag_links',
  {
    guestId: text('guest_id').notNull(),
    tagId: text('tag_id').notNull(),
    addedBy: text('added_by').notNull(),
    addedAt: ts('added_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.guestId, t.tagId] })],
);

export const guestNotes = pgTable('guest_notes', {
  id: text('id').primaryKey(),
  guestId: text('guest_id').notNull(),
  kind: text('kind').$type<GuestNoteKind>().notNull(),
  body: text('body').notNull(),
  authorId: text('author_id').notNull(),
  createdAt: ts('created_at').notNull(),
  removedAt: ts('removed_at'),
});
