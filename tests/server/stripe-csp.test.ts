/**
 * The page's Content-Security-Policy on Stripe: exactly Stripe.js's sources (its script, its frames and
 * 3-D Secure's, its API) added to the app's own, and none of them on the test-mode processor.
 */
import { describe, expect, it } from 'vitest';
import { APP_CSP, appCspFor } from '../../server/security-headers';

describe("the page's policy and the card processor", () => {
  it('adds only what Stripe.js needs when the app pays on Stripe', () => {
    expect(appCspFor('stripe')).toBe(
      [
        "default-src 'self'",
        "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self' https://api.stripe.com",
        "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
  });

  it('names no Stripe host on the test-mode processor', () => {
    expect(appCspFor('test-mode')).toBe(APP_CSP);
    expect(APP_CSP).not.toContain('stripe');
  });
});
