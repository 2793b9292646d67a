/** Handlers of the guest book (staff console): search, profile, tags, notes, duplicates and merges. */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import { idSchema, parseBody, parseParams, parseQuery, requiredObject } from '../../lib/validate';
import { localizeText } from '../localisation/content';
import { giveTagSchema, guestSearchSchema, mergeGuestSchema, newGuestNoteSchema, newTagSchema, undoMergeSchema } from '../../../common/validation/guest-book-validation';
import { searchGuests } from '../../services/guest-book/guest-search';
import { guestProfile, type GuestProfileDto } from '../../services/guest-book/guest-profile';
import { archiveTag, createTag, giveTag, listTags, takeTag } from '../../services/guest-book/guest-tags';
import { addNote, removeNote } from '../../services/guest-book/guest-notes';
import { duplicateGroups } from '../../services/guest-book/guest-duplicates';
import { mergeGuests } from '../../services/guest-book/guest-merge';
import { loadVenueCatalog } from '../../services/booking-rules/venue-catalog';
import { answer } from '../route';
import { undoMerge } from '../../services/guest-book/guest-merge-undo';

type Ctx = Context<AppEnv>;

const idParams = requiredObject({ id: idSchema });
const tagParams = requiredObject({ id: idSchema, tagId: idSchema });
const noteParams = requiredObject({ id: idSchema, noteId: idSchema });
const mergeParams = requiredObject({ mergeId: idSchema });
const tagListQuery = v.object({ archived: v.optional(v.picklist(['true', 'false']), 'false') });

/** The profile with its venues' names in the caller's language. */
async function profileFor(c: Ctx, guestId: string): Promise<GuestProfileDto> {
  const { db, clock } = c.get('deps');
  const profile = await guestProfile(db, await loadVenueCatalog(db), guestId, clock.now());
  const named = <T extends { name: string }>(venue: T) => ({ ...venue, name: localizeText(c.var.i18n, venue.name) });
  const line = <T extends { venue: { _id: string; name: string } }>(b: T) => ({ ...b, venue: named(b.venue) });
  return {
    ...profile,
    stats: {
      ...profile.stats,
      lastVisit: profile.stats.lastVisit && line(profile.stats.lastVisit),
      nextVisit: profile.stats.nextVisit && line(profile.stats.nextVisit),
      venues: profile.stats.venues.map(named),
    },
    bookings: profile.bookings.map(line),
  };
}

export function createGuestHandlers() {
  return {
    /** GET /admin/guest?q=: the search box. */
    async search(c: Ctx) {
      const { q } = parseQuery(c, guestSearchSchema);
      const body = { status: 200, data: await searchGuests(c.get('deps').db, q) };
      return answer(200, body);
    },

    /** GET /admin/guest/{id}: the profile. */
    async profile(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const body = { status: 200, data: await profileFor(c, id) };
      return answer(200, body);
    },

    /** POST /admin/guest/{id}/tag. */
    async giveTag(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const { tagId } = await parseBody(c, giveTagSchema);
      const { db, clock } = c.get('deps');
      const body = { status: 200, data: await giveTag(db, c.get('auth'), id, tagId, clock.now()) };
      return answer(200, body);
    },

    /** DELETE /admin/guest/{id}/tag/{tagId}. */
    async takeTag(c: Ctx) {
      const { id, tagId } = parseParams(c, tagParams);
      const { db, clock } = c.get('deps');
      const body = { status: 200, data: await takeTag(db, c.get('auth'), id, tagId, clock.now()) };
      return answer(200, body);
    },

    /** POST /admin/guest/{id}/note. */
    async addNote(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const note = await parseBody(c, newGuestNoteSchema);
      const { db, clock } = c.get('deps');
      const body = { status: 201, data: await addNote(db, c.get('auth'), id, note, clock.now()) };
      return answer(201, body);
    },

    /** DELETE /admin/guest/{id}/note/{noteId}. */
    async removeNote(c: Ctx) {
      const { id, noteId } = parseParams(c, noteParams);
      const { db, clock } = c.get('deps');
      await removeNote(db, c.get('auth'), id, noteId, clock.now());
      return answer(200, { status: 200 });
    },

    /** POST /admin/guest/{id}/merge: the duplicate's records move to this guest. */
    async merge(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const { duplicateId, reason } = await parseBody(c, mergeGuestSchema);
      const { db, clock } = c.get('deps');
      const { mergeId, counts } = await mergeGuests(db, c.get('auth'), { guestId: id, duplicateId, reason }, clock.now());
      const body = { status: 200, data: { mergeId, profile: await profileFor(c, id), moved: counts } };
      return answer(200, body);
    },

    /** POST /admin/guest/merge/{mergeId}/undo (admins): both accounts as they were. */
    async undoMerge(c: Ctx) {
      const { mergeId } = parseParams(c, mergeParams);
      const { reason } = await parseBody(c, undoMergeSchema);
      const { db, clock } = c.get('deps');
      const { keptId, mergedId } = await undoMerge(db, c.get('auth'), mergeId, reason, clock.now());
      const body = { status: 200, data: { kept: await profileFor(c, keptId), restored: await profileFor(c, mergedId) } };
      return answer(200, body);
    },

    /** GET /admin/guest-duplicates. */
    async duplicates(c: Ctx) {
      const body = { status: 200, data: await duplicateGroups(c.get('deps').db) };
      return answer(200, body);
    },

    /** GET /admin/guest-tag. */
    async listTags(c: Ctx) {
      const { archived } = parseQuery(c, tagListQuery);
      const body = { status: 200, data: await listTags(c.get('deps').db, { archived: archived === 'true' }) };
      return answer(200, body);
    },

    /** POST /admin/guest-tag (admins). */
    async createTag(c: Ctx) {
      const { name } = await parseBody(c, newTagSchema);
      const { db, clock } = c.get('deps');
      const body = { status: 201, data: await createTag(db, c.get('auth'), name, clock.now()) };
      return answer(201, body);
    },

    /** DELETE /admin/guest-tag/{id} (admins). */
    async archiveTag(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const { db, clock } = c.get('deps');
      const body = { status: 200, data: await archiveTag(db, c.get('auth'), id, clock.now()) };
      return answer(200, body);
    },
  };
}
