/** Routes of the contact area (no login): the contact form. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { createContactHandlers } from './contact.handlers';

/** The contact area's router. */
export function contactRoutes(): Hono<AppEnv> {
  const h = createContactHandlers();
  return new Hono<AppEnv>().post('/public/contact-form', h.contactForm);
}
