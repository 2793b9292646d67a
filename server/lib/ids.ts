import { randomBytes } from 'node:crypto';

/** A 24-character hex id, the shape the client expects of every `_id` (docs/PRODUCT.md §3). */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

/** A high-entropy opaque token for links and refresh tokens (base64url, 256 bits). */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}
