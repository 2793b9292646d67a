/**
 * Content-Security-Policy violations a page meets, as Chromium reports them on the console (a blocked
 * script, style, frame or connection, in the page or its frames). The `page` fixture fails a test that
 * met one: the server's policy (server/security-headers.ts) must fit every page of the app.
 */
import type { Page } from '@playwright/test';

const VIOLATION = /Content Security Policy|X-Frame-Options/i;

/** Starts listening; the returned function lists the violations so far. */
export function watchCspViolations(page: Page): () => string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (VIOLATION.test(message.text())) violations.push(message.text());
  });
  return () => [...violations];
}
