/**
 * Password hashing with scrypt (N=2^15, r=8, p=1), self-describing so parameters can rise later. The
 * cost of new hashes is set once at start: full in production, lower only where tests make thousands.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { StartupRefusal } from './startup-refusal';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
/** log2 of scrypt's N for new hashes in production (and by default): N = 32768. */
export const FULL_PASSWORD_HASH_COST = 15;
let N = 2 ** FULL_PASSWORD_HASH_COST;
const r = 8;
const p = 1;
const KEY_LENGTH = 32;
// 128 * N * r bytes are needed; leave headroom over Node's 32 MiB default.
const MAXMEM = 64 * 1024 * 1024;

/**
 * The cost (log2 N) the server hashes new passwords at: `PASSWORD_HASH_COST` outside production (tests
 * lower it), never below full in production, which refuses to start on a lower one.
 */
export function choosePasswordHashCost(settings: { production: boolean; passwordHashCost: number | undefined }): number {
  const cost = settings.passwordHashCost ?? FULL_PASSWORD_HASH_COST;
  if (!isHashCost(cost)) throw new StartupRefusal(`PASSWORD_HASH_COST=${cost} is not a whole number from 1 to 20.`);
  if (settings.production && cost < FULL_PASSWORD_HASH_COST) {
    throw new StartupRefusal(
      `PASSWORD_HASH_COST=${cost} is below the ${FULL_PASSWORD_HASH_COST} production needs: passwords hashed that cheaply are quick to guess from a stolen database.\nWhat to do: remove PASSWORD_HASH_COST (it is for tests).`,
    );
  }
  return cost;
}

/** Sets the cost (log2 N) of the hashes made from now on; hashes already made keep theirs. */
export function setPasswordHashCost(cost: number): void {
  if (!isHashCost(cost)) throw new RangeError(`password hash cost ${cost} is not an integer from 1 to 20`);
  N = 2 ** cost;
  dummyHash = undefined;
}

const isHashCost = (cost: number) => Number.isInteger(cost) && cost >= 1 && cost <= 20;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: MAXMEM });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
    maxmem: MAXMEM,
  });
  return timingSafeEqual(key, expected);
}

/** A hash of a throw-away password, checked for unknown e-mails so log-in takes as long either way. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password');
  return dummyHash;
}

/** SHA-256 of a high-entropy token: enough for lookup of stored secrets (reset links, refresh tokens). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
