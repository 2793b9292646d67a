/**
 * Routes of the staff console's day sheet. The sheet and the stream ticket take the bearer token of an
 * admin or the venue's staff; the stream itself takes the ticket (EventSource sends no headers).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireStaff } from '../../lib/auth';
import { createDaySheetHandlers } from './day-sheet.handlers';

export function daySheetRoutes(): Hono<AppEnv> {
  const h = createDaySheetHandlers();
  return new Hono<AppEnv>()
    .get('/admin/venue/:venueId/day-sheet/:date', requireStaff(), h.daySheet)
    .post('/admin/venue/:venueId/events/ticket', requireStaff(), h.eventTicket)
    .get('/admin/venue/:venueId/events', h.events);
}
