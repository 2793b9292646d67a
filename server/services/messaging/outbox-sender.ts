/**
 * Delivers the outbox: e-mail through the mail transport, SMS through the SMS provider, each channel only
 * when it has one. A round claims a few due messages in the database (FOR UPDATE SKIP LOCKED), so several
 * server processes never take the same message, sends them, and records each outcome: SENT, or a retry
 * after an exponential back-off, or FAILED after the last attempt (or a final refusal) with its error kept. main.ts runs it as
 * a repeating job; tests call `deliverOutbox` with a fake clock.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { startRepeatingJob } from '../../lib/repeating-job';
import { log } from '../../observability/logger';
import { PermanentDeliveryError } from './delivery-error';
import { fromDomain, type OutgoingMail } from './mail-transport';
import type { Messaging } from './messaging-choice';
import { mailHtml } from './mail-html';
import { drainDueBatches } from '../../lib/due-batches';
import { FORGOTTEN } from './outbox';

type OutboxRow = typeof outbox.$inferSelect;

export interface DeliveryPolicy {
  /** Attempts before a message is FAILED. */
  maxAttempts: number;
  /** The wait after the first failure; each further failure doubles it, up to `maxBackoffMs`. */
  firstBackoffMs: number;
  maxBackoffMs: number;
  /** Messages one claim takes. */
  batchSize: number;
  /** How long a claim holds its messages from other senders. */
  claimMs: number;
  /** A message whose claim has less than this left is left for a later claim rather than sent late. */
  sendWindowMs: number;
}

/** 8 attempts over about four hours: 1, 2, 4, 8, 16, 32, 60 and 60 minutes apart. */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  maxAttempts: 8,
  firstBackoffMs: 60_000,
  maxBackoffMs: 60 * 60_000,
  batchSize: 10,
  claimMs: 5 * 60_000,
  // Longer than one SMTP attempt can take with messaging/mail-transport.ts's time-outs.
  sendWindowMs: 2 * 60_000,
};

export interface OutboxSenderDeps {
  db: Db;
  clock: Clock;
  messaging: Messaging;
}

/** The wait before attempt `attempts + 1`, after `attempts` failures (the no-show fee's retries wait the same way). */
export function backoffMs(attempts: number, policy: Pick<DeliveryPolicy, 'firstBackoffMs' | 'maxBackoffMs'> = DEFAULT_DELIVERY_POLICY): number {
  return Math.min(policy.firstBackoffMs * 2 ** Math.max(0, attempts - 1), policy.maxBackoffMs);
}

/** What one round did. */
export interface DeliveryRound {
  sent: number;
  retrying: number;
  failed: number;
}

/** Claims and sends due messages until none is left; what happened to them. */
export async function deliverOutbox(deps: OutboxSenderDeps, policy: DeliveryPolicy = DEFAULT_DELIVERY_POLICY): Promise<DeliveryRound> {
  const round: DeliveryRound = { sent: 0, retrying: 0, failed: 0 };
  const channels = [...(deps.messaging.mail ? ['EMAIL' as const] : []), ...(deps.messaging.sms ? ['SMS' as const] : [])];
  if (channels.length === 0) return round;
  await drainDueBatches(policy.batchSize, async () => {
    const token = randomUUID();
    const claimed = await claimDue(deps, channels, token, policy);
    for (const row of claimed) {
      // A claim that is running out may already be another sender's: leave the message to it.
      if (deps.clock.now().getTime() > row.claimedUntil!.getTime() - policy.sendWindowMs) continue;
      round[await deliverOne(deps, row, token, policy)] += 1;
    }
    return claimed.length;
  });
  return round;
}

/** Marks up to a batch of due, unclaimed messages as this sender's until the claim runs out. */
async function claimDue(deps: OutboxSenderDeps, channels: ('EMAIL' | 'SMS')[], token: string, policy: DeliveryPolicy): Promise<OutboxRow[]> {
  const now = deps.clock.now();
  const due = deps.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'QUEUED'),
        inArray(outbox.channel, channels),
        or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, now)),
        or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, now)),
      ),
    )
    .orderBy(asc(outbox.seq))
    .limit(policy.batchSize)
    // Rows another sender is claiming right now are passed over, not waited for.
    .for('update', { skipLocked: true });
  const rows = await deps.db
    .update(outbox)
    .set({ claimedUntil: new Date(now.getTime() + policy.claimMs), claimToken: token })
    .where(inArray(outbox.id, due))
    .returning();
  return rows.sort((a, b) => a.seq - b.seq);
}

type Outcome = 'sent' | 'retrying' | 'failed';

/** The row's contents emptied when it asked to be forgotten and its delivery is over. */
const forgotten = (row: OutboxRow, done: boolean) => (row.forgetWhenDone && done ? FORGOTTEN : {});

async function deliverOne(deps: OutboxSenderDeps, row: OutboxRow, token: string, policy: DeliveryPolicy): Promise<Outcome> {
  let error: unknown;
  let providerMessageId: string | null = null;
  try {
    if (row.channel === 'EMAIL') await deps.messaging.mail!.send(outgoingMail(row, deps.messaging.mailFrom));
    else providerMessageId = (await deps.messaging.sms!.send({ id: row.id, to: row.recipient, body: row.body }))?.providerId ?? null;
  } catch (err) {
    error = err;
  }
  const now = deps.clock.now();
  const attempts = row.attempts + 1;
  const mine = and(eq(outbox.id, row.id), eq(outbox.claimToken, token));
  if (error === undefined) {
    await deps.db
      .update(outbox)
      .set({ status: 'SENT', sentAt: now, attempts, providerMessageId, lastError: null, nextAttemptAt: null, claimedUntil: null, claimToken: null, ...forgotten(row, true) })
      .where(mine);
    return 'sent';
  }
  const final = attempts >= policy.maxAttempts || error instanceof PermanentDeliveryError;
  await deps.db
    .update(outbox)
    .set({
      status: final ? 'FAILED' : 'QUEUED',
      attempts,
      lastError: errorText(error),
      nextAttemptAt: final ? null : new Date(now.getTime() + backoffMs(attempts, policy)),
      claimedUntil: null,
      claimToken: null,
      ...forgotten(row, final),
    })
    .where(mine);
  if (final) log().warn(`outbox: ${row.channel} ${row.id} FAILED after ${attempts} attempt(s): ${errorText(error)}`);
  return final ? 'failed' : 'retrying';
}

/** The mail a queued row becomes: its text as written, the HTML framed from it, its attachments. */
export function outgoingMail(row: OutboxRow, mailFrom: string): OutgoingMail {
  return {
    messageId: `<${row.id}@${fromDomain(mailFrom)}>`,
    to: row.recipient,
    subject: row.subject,
    text: row.body,
    html: mailHtml(row),
    attachments: row.attachments.map((a) => ({ fileName: a.fileName, contentType: a.contentType, content: Buffer.from(a.content, 'base64') })),
  };
}

/** An error as one line for `last_error` (an SMTP server's answer, a gateway's status, a card processor's failure). */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 1000) || 'unknown error';
}

/** Runs `deliverOutbox` now and then every `intervalMs`; returns a function that stops it. */
export function startOutboxSender(deps: OutboxSenderDeps, intervalMs = 5_000): () => void {
  return startRepeatingJob('outbox sender', async () => void (await deliverOutbox(deps)), intervalMs);
}
