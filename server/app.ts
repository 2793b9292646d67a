/** The API as a Hono app, built from its dependencies so tests can give it a fake clock and database. */
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppDeps, AppEnv } from './context';
import type { Schema } from './lib/api-types';
import { requestBodyLimit } from './lib/body-limit';
import { ApiError, serviceUnavailable } from './lib/errors';
import { logError } from './lib/log-error';
import { databaseUnavailableCause } from './db/unavailable';
import { healthRoutes } from './routes/health/health.routes';
import { authRoutes } from './routes/auth/auth.routes';
import { devRoutes } from './routes/dev/dev.routes';
import { venueRoutes } from './routes/venues/venues.routes';
import { contactRoutes } from './routes/contact/contact.routes';
import { pageViewRoutes } from './routes/reports/page-views.routes';
import { phoneVerificationRoutes } from './routes/auth/phone-verification.routes';
import { emailVerificationRoutes } from './routes/auth/email-verification.routes';
import { guestBookingRoutes } from './routes/guest-booking/guest-booking.routes';
import { reservationRoutes } from './routes/reservations/reservations.routes';
import { manageRoutes } from './routes/reservations/manage.routes';
import { waitlistRoutes } from './routes/waitlist/waitlist.routes';
import { staffRoutes } from './routes/staff/staff.routes';
import { daySheetRoutes } from './routes/staff/day-sheet.routes';
import { hostStandRoutes } from './routes/host-stand/host-stand.routes';
import { whyNotRoutes } from './routes/staff/why-not.routes';
import { combinationsRoutes } from './routes/staff/combinations.routes';
import { walkInRoutes } from './routes/walk-ins/walk-ins.routes';
import { reportRoutes } from './routes/reports/reports.routes';
import { setupRoutes } from './routes/setup/setup.routes';
import { experienceSetupRoutes } from './routes/experience-setup/experience-setup.routes';
import { guestBookRoutes } from './routes/guest-book/guest-book.routes';
import { feedbackRoutes } from './routes/feedback/feedback.routes';
import { privacyRoutes } from './routes/privacy/privacy.routes';
import { paymentRoutes } from './routes/payments/payments.routes';
import { testProcessorRoutes } from './routes/payments/test-processor.routes';
import { stripeWebhookRoutes } from './routes/payments/stripe-webhook.routes';
import { twilioRoutes } from './routes/messaging/twilio.routes';
import { messagePreferenceRoutes } from './routes/messaging/message-preferences.routes';
import { reconfirmationRoutes } from './routes/reconfirmation/reconfirmation.routes';
import { payLinkRoutes } from './routes/pay-link/pay-link.routes';
import { reconciliationRoutes } from './routes/payments/reconciliation.routes';
import { ProcessorError } from './services/payments/processor/processor';
import { walletRoutes } from './routes/wallet/wallet.routes';
import { pagePublisher } from './first-view-content';
import { venueSetupRoutes } from './routes/venue-setup/venue-setup.routes';
import { ERROR_CODES } from '../common/api/error-codes';
import { DEFAULT_LOCALE, localeFromAcceptLanguage } from '../common/locales';
import { translatorFor } from './i18n/translator';
import { jsonCompression } from './json-compression';
import { securityHeaders } from './security-headers';
import { staticFiles } from './static-files';
import { createMetrics, type Metrics } from './observability/metrics';
import { requestLog } from './observability/request-log';
import { log } from './observability/logger';
import { metricsRoutes } from './routes/metrics/metrics.routes';

export interface AppOptions {
  /** A folder with the built SPA to serve beside the API (npm start); none in tests. */
  staticRoot?: string;
  /** The metrics the app counts its requests into (main.ts makes them with the database pool's numbers). */
  metrics?: Metrics;
}

export function createApp(deps: AppDeps, options: AppOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const metrics = options.metrics ?? createMetrics({ db: deps.db });
  // Outermost: the request's id and log line cover every answer, a refusal by any middleware below too.
  app.use('*', requestLog(deps.config, metrics.observeRequest));
  // First, so that every answer has them, a refusal by a later middleware too.
  app.use('*', securityHeaders(deps.config));

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    const locale = localeFromAcceptLanguage(c.req.header('accept-language'));
    c.set('locale', locale);
    c.set('i18n', translatorFor(locale));
    await next();
  });
  app.use('*', requestBodyLimit());
  app.use('*', jsonCompression());

  app.onError((err, c) => {
    const i18n = c.get('i18n') ?? translatorFor(DEFAULT_LOCALE);
    if (err instanceof ApiError) return c.json(err.toBody(i18n), err.status);
    const unavailable = databaseUnavailableCause(err);
    if (unavailable) {
      // The call did not complete (its transaction did not commit): the caller may retry once the database is back.
      log().error(`database unavailable: ${unavailable.message}`);
      return c.json(serviceUnavailable().toBody(i18n), 503);
    }
    if (err instanceof ProcessorError) {
      // The processor refused or could not be reached: nothing of ours changed, so the call may be retried.
      logError(`${c.req.method} ${c.req.path}`, err);
      const message = i18n._('The card processor could not complete the request. Please try again.');
      return c.json({ status: 502, errorCode: ERROR_CODES.INTERNAL, message } satisfies Schema<'Error'>, 502);
    }
    if (err instanceof HTTPException) {
      return c.json({ status: err.status, errorCode: ERROR_CODES.INTERNAL, message: err.message } satisfies Schema<'Error'>, err.status);
    }
    logError(`${c.req.method} ${c.req.path}`, err);
    const message = i18n._('An error occurred!');
    return c.json({ status: 500, errorCode: ERROR_CODES.INTERNAL, message } satisfies Schema<'Error'>, 500);
  });

  app.notFound((c) => {
    const message = c.var.i18n._('Not found');
    return c.json({ status: 404, errorCode: ERROR_CODES.NOT_FOUND, message } satisfies Schema<'Error'>, 404);
  });

  // Areas mount here, one line each.
  app.route('/', healthRoutes());
  app.route('/', setupRoutes());
  app.route('/', experienceSetupRoutes());
  if (deps.config.metricsToken) app.route('/', metricsRoutes(metrics, deps.config.metricsToken));
  app.route('/', guestBookRoutes());
  app.route('/', authRoutes());
  app.route('/', phoneVerificationRoutes());
  app.route('/', emailVerificationRoutes());
  app.route('/', venueRoutes());
  app.route('/', contactRoutes());
  app.route('/', pageViewRoutes());
  app.route('/', walletRoutes());
  app.route('/', reservationRoutes());
  app.route('/', guestBookingRoutes());
  app.route('/', manageRoutes());
  app.route('/', waitlistRoutes());
  app.route('/', paymentRoutes());
  app.route('/', testProcessorRoutes());
  app.route('/', stripeWebhookRoutes());
  app.route('/', twilioRoutes());
  app.route('/', messagePreferenceRoutes());
  app.route('/', reconfirmationRoutes());
  app.route('/', payLinkRoutes());
  app.route('/', reconciliationRoutes());
  app.route('/', staffRoutes());
  app.route('/', daySheetRoutes());
  app.route('/', hostStandRoutes());
  app.route('/', whyNotRoutes());
  app.route('/', combinationsRoutes());
  app.route('/', walkInRoutes());
  app.route('/', reportRoutes());
  app.route('/', feedbackRoutes());
  app.route('/', privacyRoutes());
  app.route('/', venueSetupRoutes());
  if (!deps.config.production) app.route('/', devRoutes());

  if (options.staticRoot) app.use('/*', staticFiles(options.staticRoot, pagePublisher(deps.db, deps.clock)));

  return app;
}
