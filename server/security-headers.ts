/**
 * Security headers on every answer: the app's page, its assets, the API's JSON and files. The page gets
 * a strict Content-Security-Policy (the built app has no inline script or style: React's `style={}` goes
 * through the CSSOM, which CSP does not restrict); everything else gets one that allows nothing, so an
 * answer opened as a document can run nothing and be framed by no one.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppConfig, AppEnv } from './context';

/** The SPA's policy. `data:` images for the inline favicon; frames of our own for the PDF menu preview. */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * What Stripe.js needs, and no more (Stripe's own list for Stripe.js and the Payment Element): its script
 * from js.stripe.com, its frames there and on hooks.stripe.com (3-D Secure), and its calls to
 * api.stripe.com. Added to the page's policy only when the app pays on Stripe.
 */
export const STRIPE_CSP_SOURCES = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
} as const;

/** The SPA's policy for the card processor the app runs: APP_CSP, plus Stripe's sources on Stripe. */
export function appCspFor(provider: string | undefined): string {
  if (provider !== 'stripe') return APP_CSP;
  return APP_CSP.split('; ')
    .map((directive) => {
      const name = directive.split(' ', 1)[0] as keyof typeof STRIPE_CSP_SOURCES;
      const extra = STRIPE_CSP_SOURCES[name];
      return extra ? `${directive} ${extra.join(' ')}` : directive;
    })
    .join('; ');
}

/** Any other answer: JSON, scripts, styles, calendar files. */
export const NOTHING_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * PDFs (the menus) are framed by the app's own preview page. No `default-src 'none'` here: a browser's
 * PDF viewer may run inside the PDF's document (Chromium's plugin-based viewer did), under its policy.
 */
export const PDF_CSP = "frame-ancestors 'self'";

export const HSTS = 'max-age=31536000; includeSubDomains';

export function securityHeaders(config: Pick<AppConfig, 'publicBaseUrl'>): MiddlewareHandler<AppEnv> {
  const behindTls = config.publicBaseUrl.startsWith('https:');
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    // Reset and verification tokens ride in the URL's fragment, which no Referer carries; same-origin
    // (not no-referrer) keeps a real Origin on our own POSTs, which no-referrer would turn into "null".
    headers.set('Referrer-Policy', 'same-origin');
    if (behindTls || new URL(c.req.url).protocol === 'https:') headers.set('Strict-Transport-Security', HSTS);
    // A 304 keeps the headers the browser stored with the 200 (Chromium updates the stored CSP from a
    // 304): one without a Content-Type must not replace the page's policy with another one.
    if (c.res.status === 304) return;
    const type = headers.get('Content-Type') ?? '';
    // A page that brings its own policy (the development mail catcher's inline styles) keeps it.
    if (type.startsWith('text/html') && headers.has('Content-Security-Policy')) {
      headers.set('X-Frame-Options', 'DENY');
      return;
    }
    const [policy, framing] = type.startsWith('text/html')
      ? [appCspFor(c.var.deps?.payments.provider), 'DENY']
      : type.startsWith('application/pdf')
        ? [PDF_CSP, 'SAMEORIGIN']
        : [NOTHING_CSP, 'DENY'];
    headers.set('Content-Security-Policy', policy);
    // frame-ancestors' counterpart for browsers that predate it.
    headers.set('X-Frame-Options', framing);
  };
}
