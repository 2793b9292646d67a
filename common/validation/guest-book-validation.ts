/** Valibot schemas of the guest book (search, notes, tags, merges), shared by the staff console and the server. */
import * as v from 'valibot';

export const GUEST_NOTE_KINDS = ['NOTE', 'ALLERGY', 'DIETARY', 'SEATING'] as const;
export type GuestNoteKind = (typeof GUEST_NOTE_KINDS)[number];

export const MIN_SEARCH_LENGTH = 2;
const MAX_SEARCH_LENGTH = 100;
const MAX_NOTE_LENGTH = 500;
const MAX_TAG_LENGTH = 40;

export const GUEST_BOOK_MESSAGES = {
  searchTooShort: /*i18n*/ 'Type at least 2 characters to search',
  searchTooLong: /*i18n*/ 'A search may be at most 100 characters',
  noteKindInvalid: /*i18n*/ 'Choose the kind of note: a note, an allergy, a dietary need or a seating preference',
  noteRequired: /*i18n*/ 'Write the note',
  noteTooLong: /*i18n*/ 'A note may be at most 500 characters',
  tagRequired: /*i18n*/ 'Choose a tag',
  tagNameRequired: /*i18n*/ 'Name the tag',
  tagNameTooLong: /*i18n*/ 'A tag name may be at most 40 characters',
  duplicateRequired: /*i18n*/ 'Choose the account to merge',
  reasonRequired: /*i18n*/ 'Say why these accounts are one person',
  reasonTooLong: /*i18n*/ 'A reason may be at most 500 characters',
} as const;

const HEX_ID = /^[0-9a-f]{24}$/;
const idOf = (message: string) => v.pipe(v.string(message), v.regex(HEX_ID, message));

export const guestSearchSchema = v.object({
  q: v.pipe(
    v.optional(v.string(GUEST_BOOK_MESSAGES.searchTooShort), ''),
    v.trim(),
    v.minLength(MIN_SEARCH_LENGTH, GUEST_BOOK_MESSAGES.searchTooShort),
    v.maxLength(MAX_SEARCH_LENGTH, GUEST_BOOK_MESSAGES.searchTooLong),
  ),
});

export const newGuestNoteSchema = v.object({
  kind: v.picklist(GUEST_NOTE_KINDS, GUEST_BOOK_MESSAGES.noteKindInvalid),
  body: v.pipe(v.string(GUEST_BOOK_MESSAGES.noteRequired), v.trim(), v.nonEmpty(GUEST_BOOK_MESSAGES.noteRequired), v.maxLength(MAX_NOTE_LENGTH, GUEST_BOOK_MESSAGES.noteTooLong)),
});

export const giveTagSchema = v.object({ tagId: idOf(GUEST_BOOK_MESSAGES.tagRequired) });

export const newTagSchema = v.object({
  name: v.pipe(v.string(GUEST_BOOK_MESSAGES.tagNameRequired), v.trim(), v.nonEmpty(GUEST_BOOK_MESSAGES.tagNameRequired), v.maxLength(MAX_TAG_LENGTH, GUEST_BOOK_MESSAGES.tagNameTooLong)),
});

/** Why staff merge two accounts, or undo a merge: required, and kept in the audit log. */
const reasonSchema = v.pipe(
  v.string(GUEST_BOOK_MESSAGES.reasonRequired),
  v.trim(),
  v.nonEmpty(GUEST_BOOK_MESSAGES.reasonRequired),
  v.maxLength(MAX_NOTE_LENGTH, GUEST_BOOK_MESSAGES.reasonTooLong),
);

export const mergeGuestSchema = v.object({ duplicateId: idOf(GUEST_BOOK_MESSAGES.duplicateRequired), reason: reasonSchema });

export const undoMergeSchema = v.object({ reason: reasonSchema });
