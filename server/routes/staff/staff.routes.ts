/**
 * Routes of the staff area (the admin paths of the staff console). `requireStaff()` lets admins and venue staff in (the handlers' services check
 * the venue); `requireAdmin()` keeps staff accounts and the audit log to admins.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireAdmin, requireStaff } from '../../lib/auth';
import { createStaffHandlers } from './staff.handlers';
import { route } from '../route';

export function staffRoutes(): Hono<AppEnv> {
  const h = createStaffHandlers();
  // Guards go on each route: a `use('*')` here would, mounted at '/', guard every route of the app.
  const app = new Hono<AppEnv>();
  route(app, 'get', '/admin/reservation', requireStaff(), h.venueDay);
  route(app, 'post', '/admin/reservation', requireStaff(), h.phoneBooking);
  route(app, 'put', '/admin/reservation/{id}/visit', requireStaff(), h.changeVisit);
  route(app, 'post', '/admin/reservation/{id}/no-show-fee/charge', requireStaff(), h.chargeNoShowFee);
  route(app, 'put', '/admin/reservation/{id}/move', requireStaff(), h.moveBooking);
  route(app, 'post', '/admin/reservation/{id}/quote', requireStaff(), h.quoteChange);
  route(app, 'put', '/admin/reservation/{id}/notes', requireStaff(), h.bookingNotes);
  route(app, 'post', '/admin/reservation/{id}/paid-at-venue', requireStaff(), h.paidAtVenue);
  route(app, 'post', '/admin/venue/{venueId}/walk-in', requireStaff(), h.walkIn);
  route(app, 'get', '/admin/venue/{venueId}/table-plan', requireStaff(), h.tablePlan);
  route(app, 'post', '/admin/staff', requireAdmin(), h.createStaff);
  route(app, 'get', '/admin/staff', requireAdmin(), h.listStaff);
  route(app, 'patch', '/admin/staff/{id}', requireAdmin(), h.changeStaff);
  route(app, 'delete', '/admin/staff/{id}', requireAdmin(), h.removeStaff);
  route(app, 'post', '/admin/staff/{id}/restore', requireAdmin(), h.restoreStaff);
  route(app, 'get', '/admin/audit-log', requireAdmin(), h.auditLog);
  route(app, 'post', '/admin/closure', requireStaff(), h.createClosure);
  route(app, 'get', '/admin/closure', requireStaff(), h.listClosures);
  route(app, 'delete', '/admin/closure/{id}', requireStaff(), h.removeClosure);
  return app;
}
