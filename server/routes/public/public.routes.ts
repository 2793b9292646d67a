/** Routes of the public area (no login): venue information, menus, contact form, analytics, phone verification. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { createPublicHandlers } from './public.handlers';

/** The public area's router. */
export function publicRoutes(): Hono<AppEnv> {
  const h = createPublicHandlers();
  return (
    new Hono<AppEnv>()
      .get('/public/venue/by-domain/:domain', h.venueByDomain)
      // Nothing after the slash: the spec's 'Venue domain is required' rather than a bare 404.
      .get('/public/venue/by-domain/', h.venueByDomain)
      .get('/public/venue/by-domain', h.venueByDomain)
      .get('/public/menu/:fileName', h.menuPdf)
      .post('/public/contact-form', h.contactForm)
      .post('/public/analytics/page-view', h.pageView)
      .post('/public/guest/verify-phone-number', h.verifyPhoneNumber)
      .post('/public/guest/confirm-phone-number', h.confirmPhoneNumber)
  );
}
