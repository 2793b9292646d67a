/**
 * The guest's link to their place in the walk-in queue: the entry's id signed with the server's secret
 * under a purpose of its own (as the manage links are, services/reservations/manage-link.ts), so nothing is
 * stored and no other link or token opens it. It works for a day after the party arrived.
 */
import { timingSafeEqual } from 'node:crypto';
import { DAY_MS } from '../../lib/rate-limit';
import { appLink } from '../auth/auth-links';
import { linkExpired, linkInvalid, linkSignature, type LinkSigning } from '../reservations/manage-link';

const PURPOSE = 'walk-in-link/v1';
const TOKEN = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/;

/** How long after arriving the guest's page still opens. */
export const WALK_IN_LINK_TTL_MS = DAY_MS;

export const walkInToken = (secret: string, entryId: string) => `${entryId}.${linkSignature(secret, PURPOSE, entryId)}`;

/** The entry a token names; 404 for a token that is not one of ours. */
export function readWalkInToken(secret: string, token: string): string {
  const match = TOKEN.exec(token);
  if (!match) throw linkInvalid();
  const expected = Buffer.from(linkSignature(secret, PURPOSE, match[1]!));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw linkInvalid();
  return match[1]!;
}

/** 410 once the day after the party arrived is over. */
export function checkWalkInLinkAge(arrivedAt: Date, now: Date): void {
  if (now.getTime() >= arrivedAt.getTime() + WALK_IN_LINK_TTL_MS) throw linkExpired();
}

/** The guest's page of an entry. */
export const walkInLink = (signing: LinkSigning, entryId: string) => appLink(signing, '/pages/walk-in', { token: walkInToken(signing.jwtSecret, entryId) });
