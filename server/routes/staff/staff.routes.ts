/**
 * Routes of the staff area (the admin paths of the staff console). `requireStaff()` lets admins and venue staff in (the handlers' services check
 * the venue); `requireAdmin()` keeps staff accounts and the audit log to admins.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireAdmin, requireStaff } from '../../lib/auth';
import { createStaffHandlers } from './staff.handlers';

export function staffRoutes(): Hono<AppEnv> {
  const h = createStaffHandlers();
  // Guards go on each route: a `use('*')` here would, mounted at '/', guard every route of the app.
  return new Hono<AppEnv>()
    .get('/admin/reservation', requireStaff(), h.venueDay)
    .post('/admin/reservation', requireStaff(), h.phoneBooking)
    .put('/admin/reservation/:id/visit', requireStaff(), h.changeVisit)
    .post('/admin/reservation/:id/no-show-fee/charge', requireStaff(), h.chargeNoShowFee)
    .put('/admin/reservation/:id/move', requireStaff(), h.moveBooking)
    .post('/admin/reservation/:id/quote', requireStaff(), h.quoteChange)
    .put('/admin/reservation/:id/notes', requireStaff(), h.bookingNotes)
    .post('/admin/reservation/:id/paid-at-venue', requireStaff(), h.paidAtVenue)
    .post('/admin/venue/:venueId/walk-in', requireStaff(), h.walkIn)
    .get('/admin/venue/:venueId/table-plan', requireStaff(), h.tablePlan)
    .post('/admin/staff', requireAdmin(), h.createStaff)
    .get('/admin/staff', requireAdmin(), h.listStaff)
    .patch('/admin/staff/:id', requireAdmin(), h.changeStaff)
    .delete('/admin/staff/:id', requireAdmin(), h.removeStaff)
    .post('/admin/staff/:id/restore', requireAdmin(), h.restoreStaff)
    .get('/admin/audit-log', requireAdmin(), h.auditLog)
    .post('/admin/closure', requireStaff(), h.createClosure)
    .get('/admin/closure', requireStaff(), h.listClosures)
    .delete('/admin/closure/:id', requireStaff(), h.removeClosure);
}
