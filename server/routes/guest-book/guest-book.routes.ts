/**
 * Routes of the guest book. Every member of staff works it (a guest is the club's, not one venue's);
 * only admins set up the club's own tags.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireAdmin, requireStaff } from '../../lib/auth';
import { createGuestHandlers } from './guest-book.handlers';

export function guestBookRoutes(): Hono<AppEnv> {
  const h = createGuestHandlers();
  // Guards go on each route: a `use('*')` here would, mounted at '/', guard every route of the app.
  return new Hono<AppEnv>()
    .get('/admin/guest', requireStaff(), h.search)
    .get('/admin/guest/:id', requireStaff(), h.profile)
    .post('/admin/guest/:id/tag', requireStaff(), h.giveTag)
    .delete('/admin/guest/:id/tag/:tagId', requireStaff(), h.takeTag)
    .post('/admin/guest/:id/note', requireStaff(), h.addNote)
    .delete('/admin/guest/:id/note/:noteId', requireStaff(), h.removeNote)
    .post('/admin/guest/:id/merge', requireStaff(), h.merge)
    .get('/admin/guest-duplicates', requireStaff(), h.duplicates)
    .get('/admin/guest-tag', requireStaff(), h.listTags)
    .post('/admin/guest-tag', requireAdmin(), h.createTag)
    .delete('/admin/guest-tag/:id', requireAdmin(), h.archiveTag);
}
