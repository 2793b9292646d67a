/**
 * A guest's own data, as the Personal Data (Privacy) Ordinance's access right (DPP6) asks: the account,
 * every booking with what the guest told us, payments, wallet and card entries, waitlist entries, feedback
 * and the contact-form messages it sent (logged in, or from its address once verified). Only rows of this user: nothing of
 * another guest, and nothing staff-internal beyond what the booking itself holds.
 * The CSV is the same data, one value a line (section, record, field, value), through server/lib/csv.ts.
 */
import { asc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cardEntries, contactMessages, payments, reservations, users, visitFeedback, waitlistEntries, walletEntries } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import { guestNotFound } from '../feedback/guest-feedback';

type Row = Record<string, unknown>;

export interface GuestDataExport {
  exportedAt: string;
  account: Row;
  reservations: Row[];
  payments: Row[];
  walletEntries: Row[];
  cardEntries: Row[];
  waitlistEntries: Row[];
  feedback: Row[];
  contactMessages: Row[];
}

// Dates as ISO text, so the JSON and the CSV say the same.
const plain = (row: Row): Row => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));

/**
 * The contact messages that are the account's: sent while logged in to it, or from its address once the
 * address is verified. An address typed into a form, or held on a texted code's word, proves nothing
 * (docs/decisions/0030-spent-codes.md).
 */
const ownMessages = (user: typeof users.$inferSelect) =>
  user.emailVerifiedAt ? or(eq(contactMessages.userId, user.id), eq(contactMessages.email, user.email)) : eq(contactMessages.userId, user.id);

/** Everything we hold about `userId` (404 for an unknown user). */
export async function guestDataExport(db: DbOrTx, userId: string, now: Date): Promise<GuestDataExport> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw guestNotFound();
  // Never the password's hash nor the session counter: they are not the guest's data but its locks.
  const { passwordHash: _hash, sessionGeneration: _generation, ...account } = user;
  const [own, paid, wallet, card, waiting, feedback, messages] = await Promise.all([
    db.select().from(reservations).where(eq(reservations.userId, userId)).orderBy(asc(reservations.startsAt)),
    db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt)),
    db.select().from(walletEntries).where(eq(walletEntries.userId, userId)).orderBy(asc(walletEntries.seq)),
    db.select().from(cardEntries).where(eq(cardEntries.userId, userId)).orderBy(asc(cardEntries.seq)),
    db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, userId)).orderBy(asc(waitlistEntries.seq)),
    db.select().from(visitFeedback).where(eq(visitFeedback.userId, userId)).orderBy(asc(visitFeedback.visitDate)),
    db.select().from(contactMessages).where(ownMessages(user)).orderBy(asc(contactMessages.createdAt)),
  ]);
  // Staff notes are the venue's internal words about the booking, never shown to the guest (docs/decisions/0034-staff-notes.md).
  const booking = ({ staffNotes: _staffNotes, ...rest }: typeof reservations.$inferSelect) => plain(rest);
  // The processor's references and idempotency keys are ours, not the guest's, and could be misused.
  const payment = ({ processorRef: _ref, refundRef: _refund, idempotencyKey: _key, ...rest }: typeof payments.$inferSelect) => plain(rest);
  return {
    exportedAt: now.toISOString(),
    account: plain(account),
    reservations: own.map(booking),
    payments: paid.map(payment),
    walletEntries: wallet.map(plain),
    cardEntries: card.map(plain),
    waitlistEntries: waiting.map(plain),
    feedback: feedback.map(plain),
    contactMessages: messages.map(plain),
  };
}

const cell = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The export as CSV: one line per value, `section,record,field,value`; the record is its id (or `account`). */
export function guestDataCsv(data: GuestDataExport): string {
  const lines: string[][] = [['export', '', 'exportedAt', data.exportedAt]];
  const add = (section: string, record: string, row: Row) => {
    for (const [field, value] of Object.entries(row)) lines.push([section, record, field, cell(value)]);
  };
  add('account', cell(data.account.id), data.account);
  const sections = ['reservations', 'payments', 'walletEntries', 'cardEntries', 'waitlistEntries', 'feedback', 'contactMessages'] as const;
  for (const section of sections) {
    for (const row of data[section]) add(section, cell(row.id ?? row.reservationId), row);
  }
  return toCsv(['section', 'record', 'field', 'value'], lines);
}
