/**
 * Routes of the staff console's day sheet. The sheet and the stream ticket take the bearer token of an
 * admin or the venue's staff; the stream itself takes the ticket (EventSource sends no headers).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireStaff } from '../../lib/auth';
import { createDaySheetHandlers } from './day-sheet.handlers';
import { route } from '../route';

export function daySheetRoutes(): Hono<AppEnv> {
  const h = createDaySheetHandlers();
  const app = new Hono<AppEnv>();
  route(app, 'get', '/admin/venue/{venueId}/day-sheet/{date}', requireStaff(), h.daySheet);
  route(app, 'post', '/admin/venue/{venueId}/events/ticket', requireStaff(), h.eventTicket);
  route(app, 'get', '/admin/venue/{venueId}/events', h.events);
  return app;
}
