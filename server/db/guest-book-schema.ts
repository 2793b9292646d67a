/**
 * The guest book's tables (migrations/0021-0040/0027_guest_book.sql): tags, which guest has which, and
 * staff's dated notes. Kept beside `schema.ts` so the guest book's tables read as one piece.
 */
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { GuestNoteKind } from '../../common/validation/guest-book-validation';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type GuestTagCode = 'VIP' | 'REGULAR' | 'PRESS' | 'ALLERGY';
export type { GuestNoteKind };

/** The rows a merge re-pointed from the merged account to the kept one, per table, by id. */
export interface MergeMoved {
  reservations: string[];
  payments: string[];
  walletEntries: string[];
  cardEntries: string[];
  noShowFeeCharges: string[];
  waitlistEntries: string[];
  guestNotes: string[];
  /** The tags given to the merged account that moved (a tag link's key is the guest and the tag). */
  guestTags: string[];
  /** The merged account's tags the kept one already had: dropped, and given back by an undo. */
  tagLinksDropped: { tagId: string; addedBy: string; addedAt: string }[];
  /** The merged account's live waitlist entries ended as left (the kept one's stood), with their status before. */
  waitlistLeft: { id: string; status: string }[];
}

/** The kept account's fields a merge may fill from the merged one, as they were before it. */
export interface KeptBefore {
  role: 'guest' | 'member';
  customId: string | null;
  customerId: string | null;
  activeReservationLimit: number | null;
  annualReservationLimit: number | null;
  mobileCountryCode: string | null;
  mobileNumber: string | null;
}

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

/** One merge of a guest account into another (migration 0040): what moved, so an admin can undo it for 30 days. */
export const guestMerges = pgTable('guest_merges', {
  id: text('id').primaryKey(),
  keptId: text('kept_id').notNull(),
  mergedId: text('merged_id').notNull(),
  actorId: text('actor_id').notNull(),
  reason: text('reason').notNull(),
  moved: jsonb('moved').$type<MergeMoved>().notNull(),
  keptBefore: jsonb('kept_before').$type<KeptBefore>().notNull(),
  keptWalletEntries: integer('kept_wallet_entries').notNull(),
  createdAt: ts('created_at').notNull(),
  undoneAt: ts('undone_at'),
  undoneBy: text('undone_by'),
});
