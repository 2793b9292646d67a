/**
 * Routes of the after-visit and reminder answers (docs/decisions/0014-personal-data.md): the feedback link and the allergy answer (no
 * login: the signed token in the path is the credential), and the staff's view of a guest's feedback,
 * the feedback figures for the reports and the switch that stops a guest's feedback mails.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireStaff } from '../../lib/auth';
import { createFeedbackHandlers } from './feedback.handlers';
import { route } from '../route';

export function feedbackRoutes(): Hono<AppEnv> {
  const h = createFeedbackHandlers();
  const app = new Hono<AppEnv>();
  route(app, 'get', '/feedback/{token}', h.open);
  route(app, 'put', '/feedback/{token}', h.give);
  route(app, 'get', '/manage/{token}/allergies', h.openAllergies);
  route(app, 'put', '/manage/{token}/allergies', h.confirmAllergies);
  route(app, 'get', '/admin/report/feedback', requireStaff(), h.report);
  route(app, 'get', '/admin/guests/{userId}/feedback', requireStaff(), h.guestFeedback);
  route(app, 'put', '/admin/guests/{userId}/feedback-mails', requireStaff(), h.feedbackMails);
  return app;
}
