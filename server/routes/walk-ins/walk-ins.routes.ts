/**
 * Routes of the walk-in queue: the host stand's calls (`requireStaff()`; the services check the venue) and
 * the guest's page of their place, opened by its signed link with no login.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireStaff } from '../../lib/auth';
import { createWalkInHandlers } from './walk-ins.handlers';

export function walkInRoutes(): Hono<AppEnv> {
  const h = createWalkInHandlers();
  return new Hono<AppEnv>()
    .get('/admin/venue/:venueId/walk-in-queue', requireStaff(), h.list)
    .post('/admin/venue/:venueId/walk-in-queue', requireStaff(), h.add)
    .get('/admin/venue/:venueId/walk-in-queue/estimate', requireStaff(), h.estimate)
    .put('/admin/venue/:venueId/walk-in-queue/:entryId/quote', requireStaff(), h.quote)
    .post('/admin/venue/:venueId/walk-in-queue/:entryId/ready', requireStaff(), h.ready)
    .post('/admin/venue/:venueId/walk-in-queue/:entryId/seat', requireStaff(), h.seat)
    .post('/admin/venue/:venueId/walk-in-queue/:entryId/left', requireStaff(), h.left)
    .get('/admin/venue/:venueId/walk-in-report', requireStaff(), h.report)
    .get('/public/walk-in/:token', h.guestView);
}
