/** Facts the browser tests share: the server clock's start, the demo accounts, the test cards. */
import { cardExpiryAfter } from '../../tests/support/fixtures/card-expiry';

/**
 * Where the server's test clock starts: Monday 23 November 2026, 10:00 in Hong Kong, the same instant as
 * the vitest suites' TEST_NOW, so "today", the day strip and the seeded reservations read the same in
 * every run. E2E_CLOCK_START overrides it.
 */
export const E2E_CLOCK_START = process.env.E2E_CLOCK_START ?? '2026-11-23T02:00:00Z';

/** The demo log-ins (README): shared by every test, so book with them only where a fresh user will not do. */
export const DEMO = {
  guest: { email: 'guest@example.com', password: 'guest-pass-1' },
  member: { email: 'member@example.com', password: 'member-pass-1' },
  admin: { email: 'admin@example.com', password: 'admin-pass-1' },
  host: { email: 'host@example.com', password: 'host-pass-1' },
} as const;

export type DemoAccount = keyof typeof DEMO;

/** The test-mode processor's cards (README). */
export const CARDS = {
  approved: '4242 4242 4242 4242',
  threeDSecure: '4000 0000 0000 3220',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  /** Asks for 3-D Secure whenever it is used: at saving a card guarantee too. */
  alwaysAuthenticates: '4000 0027 6000 3184',
} as const;

/** A card expiry (MM/YY) well after the clock's start, whatever year it starts in. */
export const CARD_EXPIRY = cardExpiryAfter(new Date(E2E_CLOCK_START));
