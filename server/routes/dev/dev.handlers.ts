/** Handlers of the development area: the outbox, so tests and developers can read a link or a code. */
import type { Context } from 'hono';
import { and, desc, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import type { ResponseBody, Schema } from '../../lib/api-types';
import { outbox } from '../../db/schema';
import { intFromString, parseQuery } from '../../lib/validate';

type Ctx = Context<AppEnv>;

const outboxQuerySchema = v.object({
  recipient: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(320, 'The recipient must be at most 320 characters'))),
  channel: v.optional(
    v.pipe(v.string(), v.toUpperCase(), v.picklist(['EMAIL', 'SMS'] as const, 'The channel must be EMAIL or SMS')),
  ),
  limit: v.optional(intFromString(1, 500), '100'),
});

export function createDevHandlers() {
  return {
    /** GET /dev/outbox?recipient=&channel=&limit=: newest first. */
    async outbox(c: Ctx) {
      const query = parseQuery(c, outboxQuerySchema);
      const { db } = c.get('deps');
      const rows = await db
        .select()
        .from(outbox)
        .where(
          and(
            // E-mail addresses compare without regard to case, as mail servers treat them.
            query.recipient ? eq(sql`lower(${outbox.recipient})`, query.recipient.toLowerCase()) : undefined,
            query.channel ? eq(outbox.channel, query.channel) : undefined,
          ),
        )
        .orderBy(desc(outbox.createdAt), desc(outbox.seq))
        .limit(query.limit);
      const data: Schema<'OutboxMessage'>[] = rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        recipient: row.recipient,
        subject: row.subject,
        body: row.body,
        attachments: row.attachments.map((a) => ({ fileName: a.fileName, contentType: a.contentType })),
        createdAt: row.createdAt.toISOString(),
      }));
      return c.json({ status: 200, data } satisfies ResponseBody<'/dev/outbox', 'get', 200>, 200);
    },
  };
}
