/**
 * The ticket that opens a venue's event stream. EventSource cannot send an Authorization header, and a
 * bearer token in a URL ends up in logs; so a staff member's client asks (with its bearer token) for a
 * ticket good for one venue and 60 seconds, and the stream checks it and the person's session again.
 * A ticket is signed for the member of staff it was issued to, and opens one stream, once: its nonce is
 * recorded when it is used (`stream_ticket_uses`, shared by every server process), and a second use is
 * refused, so a ticket copied from a log or a proxy opens nothing once its stream is open.
 */
import { randomBytes, createHmac, timingSafeEqual } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { streamTicketUses } from '../../db/schema';
import { unauthorized } from '../../lib/errors';

export const STREAM_TICKET_TTL_MS = 60_000;

export interface StreamGrant {
  userId: string;
  venueId: string;
  /** The user's session generation when issued: a password change or log-out everywhere voids it. */
  sessionGeneration: number;
  expiresAt: Date;
  /** Names this ticket alone, so its one use can be recorded: 24 hex digits, made when it is issued. */
  nonce: string;
}

/** A new ticket's nonce. */
export const newTicketNonce = () => randomBytes(12).toString('hex');

const TICKET = /^([0-9a-f]{24})\.([0-9a-f]{24})\.(\d{1,9})\.([0-9a-z]{1,12})\.([0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/;

// A key of its own, derived from the signing secret, so no other token's signature is ever a ticket's.
const signature = (secret: string, payload: string) =>
  createHmac('sha256', createHmac('sha256', secret).update('event-stream/v1').digest()).update(payload).digest('base64url');

export function signStreamTicket(secret: string, grant: StreamGrant): string {
  const expiry = Math.ceil(grant.expiresAt.getTime() / 1000).toString(36);
  const payload = `${grant.userId}.${grant.venueId}.${grant.sessionGeneration}.${expiry}.${grant.nonce}`;
  return `${payload}.${signature(secret, payload)}`;
}

/** The grant of a genuine ticket not yet run out at `now`; 401 otherwise. */
export function readStreamTicket(secret: string, ticket: string, now: Date): StreamGrant {
  const match = TICKET.exec(ticket);
  if (!match) throw unauthorized();
  const [, userId, venueId, generation, expiry, nonce, given] = match;
  const expected = Buffer.from(signature(secret, `${userId}.${venueId}.${generation}.${expiry}.${nonce}`));
  const actual = Buffer.from(given!);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw unauthorized();
  const expiresAt = new Date(parseInt(expiry!, 36) * 1000);
  if (now >= expiresAt) throw unauthorized();
  return { userId: userId!, venueId: venueId!, sessionGeneration: Number(generation), expiresAt, nonce: nonce! };
}

/**
 * Records the grant's ticket as used; 401 when it already was (by this process or another). Tickets whose
 * minute is over are forgotten here too: they are refused by their expiry anyway.
 */
export async function spendStreamTicket(db: DbOrTx, grant: StreamGrant, now: Date): Promise<void> {
  await db.delete(streamTicketUses).where(lt(streamTicketUses.expiresAt, now));
  const spent = await db
    .insert(streamTicketUses)
    .values({ nonce: grant.nonce, userId: grant.userId, expiresAt: grant.expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: streamTicketUses.nonce });
  if (spent.length === 0) throw unauthorized();
}
