/** Routes of the venues area (no login): venue information and PDF menus. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { createVenueHandlers } from './venues.handlers';

/** The venues area's router. */
export function venueRoutes(): Hono<AppEnv> {
  const h = createVenueHandlers();
  return (
    new Hono<AppEnv>()
      .get('/public/venue/by-domain/:domain', h.venueByDomain)
      // Nothing after the slash: docs/PRODUCT.md's 'Venue domain is required' rather than a bare 404.
      .get('/public/venue/by-domain/', h.venueByDomain)
      .get('/public/venue/by-domain', h.venueByDomain)
      .get('/public/menu/:fileName', h.menuPdf)
  );
}
