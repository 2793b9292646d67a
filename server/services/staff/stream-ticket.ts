/**
 * The ticket that opens a venue's event stream. EventSource cannot send an Authorization header, and a
 * bearer token in a URL ends up in logs; so a staff member's client asks (with its bearer token) for a
 * ticket good for one venue and 60 seconds, and the stream checks it and the person's session again.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { unauthorized } from '../../lib/errors';

export const STREAM_TICKET_TTL_MS = 60_000;

export interface StreamGrant {
  userId: string;
  venueId: string;
  /** The user's session generation when issued: a password change or log-out everywhere voids it. */
  sessionGeneration: number;
  expiresAt: Date;
}

const TICKET = /^([0-9a-f]{24})\.([0-9a-f]{24})\.(\d{1,9})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

// A key of its own, derived from the signing secret, so no other token's signature is ever a ticket's.
const signature = (secret: string, payload: string) =>
  createHmac('sha256', createHmac('sha256', secret).update('event-stream/v1').digest()).update(payload).digest('base64url');

export function signStreamTicket(secret: string, grant: StreamGrant): string {
  const payload = `${grant.userId}.${grant.venueId}.${grant.sessionGeneration}.${Math.ceil(grant.expiresAt.getTime() / 1000).toString(36)}`;
  return `${payload}.${signature(secret, payload)}`;
}

/** The grant of a genuine ticket not yet run out at `now`; 401 otherwise. */
export function readStreamTicket(secret: string, ticket: string, now: Date): StreamGrant {
  const match = TICKET.exec(ticket);
  if (!match) throw unauthorized();
  const [, userId, venueId, generation, expiry, given] = match;
  const expected = Buffer.from(signature(secret, `${userId}.${venueId}.${generation}.${expiry}`));
  const actual = Buffer.from(given!);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw unauthorized();
  const expiresAt = new Date(parseInt(expiry!, 36) * 1000);
  if (now >= expiresAt) throw unauthorized();
  return { userId: userId!, venueId: venueId!, sessionGeneration: Number(generation), expiresAt };
}
