/**
 * The outbox as the development pages read it (`GET /dev/outbox`, `/dev/mail`): tests and developers find a
 * reset link or a verification code there. Mounted outside production only.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

/** Which messages to list: to one recipient, on one channel, at most so many. */
export interface OutboxFilter {
  recipient?: string | undefined;
  channel?: 'EMAIL' | 'SMS' | undefined;
  limit: number;
}

/** The messages the filter asks for, newest first. */
export function listOutbox(db: Db, filter: OutboxFilter) {
  return db
    .select()
    .from(outbox)
    .where(
      and(
        // E-mail addresses compare without regard to case, as mail servers treat them.
        filter.recipient ? eq(sql`lower(${outbox.recipient})`, filter.recipient.toLowerCase()) : undefined,
        filter.channel ? eq(outbox.channel, filter.channel) : undefined,
      ),
    )
    .orderBy(desc(outbox.createdAt), desc(outbox.seq))
    .limit(filter.limit);
}

/** One message by its id, or undefined. */
export async function findOutboxMessage(db: Db, id: string) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row;
}
