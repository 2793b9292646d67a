/**
 * Routes of the guest book. Every member of staff works it (a guest is the club's, not one venue's);
 * only admins set up the club's own tags and undo merges.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireAdmin, requireStaff } from '../../lib/auth';
import { createGuestHandlers } from './guest-book.handlers';
import { route } from '../route';

export function guestBookRoutes(): Hono<AppEnv> {
  const h = createGuestHandlers();
  // Guards go on each route: a `use('*')` here would, mounted at '/', guard every route of the app.
  const app = new Hono<AppEnv>();
  route(app, 'get', '/admin/guest', requireStaff(), h.search);
  route(app, 'get', '/admin/guest/{id}', requireStaff(), h.profile);
  route(app, 'post', '/admin/guest/{id}/tag', requireStaff(), h.giveTag);
  route(app, 'delete', '/admin/guest/{id}/tag/{tagId}', requireStaff(), h.takeTag);
  route(app, 'post', '/admin/guest/{id}/note', requireStaff(), h.addNote);
  route(app, 'delete', '/admin/guest/{id}/note/{noteId}', requireStaff(), h.removeNote);
  // Who may merge which accounts is the service's rule (services/guest-book/merge-rights.ts); undoing is for admins.
  route(app, 'post', '/admin/guest/{id}/merge', requireStaff(), h.merge);
  route(app, 'post', '/admin/guest/merge/{mergeId}/undo', requireAdmin(), h.undoMerge);
  route(app, 'get', '/admin/guest-duplicates', requireStaff(), h.duplicates);
  route(app, 'get', '/admin/guest-tag', requireStaff(), h.listTags);
  route(app, 'post', '/admin/guest-tag', requireAdmin(), h.createTag);
  route(app, 'delete', '/admin/guest-tag/{id}', requireAdmin(), h.archiveTag);
  return app;
}
