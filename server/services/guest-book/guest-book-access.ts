/** The guest a guest-book call is about: a guest or member account not merged away (404 otherwise). */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { UserRow } from '../reservations/reservations';

export const guestNotFound = () => notFound(/*i18n*/ 'No guest has this id');

/** The guest's row; `lock` holds it for the rest of the transaction (a merge, a tag). */
export async function findGuest(db: DbOrTx, id: string, { lock = false } = {}): Promise<UserRow> {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, ['guest', 'member']), isNull(users.mergedInto)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw guestNotFound();
  return row;
}
