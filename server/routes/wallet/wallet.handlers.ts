/**
 * Handlers of the wallet area: for club members the balance, entries, top-up by card, monthly statements
 * and their PDFs; for members and guests the transaction history (a guest's holds only card payments).
 */
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import { isStaffRole } from '../../db/schema';
import { forbidden, notFound, badRequest } from '../../lib/errors';
import { idempotencyKeySchema, idSchema, intFromString, isoDateSchema, parseBody, parseParams, parseQuery, requiredObject } from '../../lib/validate';
import { startWalletTopUp } from '../../services/payments/payment-start';
import { inLanguage } from '../../services/payments/payments';
import { TOP_UP_MAX, TOP_UP_MIN } from '../../../common/money';
import { findUser } from '../../services/reservations/reservations';
import { renderStatementPdf, statementFileName, statementLocale } from '../../services/wallet/statement-pdf';
import { translatorFor } from '../../i18n/translator';
import {
  getStatement,
  getTransaction,
  getWalletEntry,
  getWalletSummary,
  listStatements,
  listTransactions,
  MEMBERS_ONLY_MESSAGE,
} from '../../services/wallet/wallet';
import { answer } from '../route';

type Ctx = Context<AppEnv>;

/** After `requireUser()`: only club members get further (403 otherwise). */
export function requireMember(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.get('auth').role !== 'member') throw forbidden(MEMBERS_ONLY_MESSAGE);
    await next();
  };
}

/**
 * After `requireUser()`: members and guests, who both pay (403 for staff, with the wallet area's answer:
 * a staff account has no wallet and books nothing of its own).
 */
export function requireCustomer(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isStaffRole(c.get('auth').role)) throw forbidden(MEMBERS_ONLY_MESSAGE);
    await next();
  };
}

const entryParamsSchema = v.object({ id: idSchema });

const historyQuerySchema = v.object({
  from: v.optional(isoDateSchema),
  to: v.optional(isoDateSchema),
  page: v.optional(intFromString(1, 100_000), '1'),
  pageSize: v.optional(intFromString(1, 100), '20'),
});

// The contract's bounds: HK$100 to HK$100,000, in minor units.
const TOP_UP_MESSAGE = /*i18n*/ 'amount must be a whole number of cents from 10000 (HK$100) to 10000000 (HK$100,000)';
const topUpBodySchema = requiredObject({
  amount: v.pipe(v.number(TOP_UP_MESSAGE), v.integer(TOP_UP_MESSAGE), v.minValue(TOP_UP_MIN, TOP_UP_MESSAGE), v.maxValue(TOP_UP_MAX, TOP_UP_MESSAGE)),
  idempotencyKey: idempotencyKeySchema,
});

const NO_STATEMENT = /*i18n*/ 'There is no statement for this month';

const monthParamsSchema = v.object({
  month: v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, /*i18n*/ 'The month must be written YYYY-MM')),
});

export function createWalletHandlers() {
  return {
    /** GET /user/wallet: the balance and the latest entries. */
    async wallet(c: Ctx) {
      const { db } = c.get('deps');
      const body = { status: 200, data: await getWalletSummary(db, c.get('auth').id, c.var.i18n) };
      return answer(200, body);
    },

    /** GET /user/wallet/entries/{id}: one of the caller's entries. */
    async entry(c: Ctx) {
      const { id } = parseParams(c, entryParamsSchema);
      const { db } = c.get('deps');
      const entry = await getWalletEntry(db, c.get('auth').id, id, c.var.i18n);
      if (!entry) throw notFound(/*i18n*/ 'The wallet entry does not exist');
      return answer(200, { status: 200, data: entry });
    },

    /** GET /user/transaction-history?from=&to=&page=&pageSize=: newest first, by Hong Kong days. */
    async transactionHistory(c: Ctx) {
      const query = parseQuery(c, historyQuerySchema);
      if (query.from && query.to && query.from > query.to) throw badRequest(/*i18n*/ 'The start date must not be after the end date', 'from');
      const { db } = c.get('deps');
      const body = { status: 200, data: await listTransactions(db, c.get('auth').id, query, c.var.i18n) };
      return answer(200, body);
    },

    /** GET /user/transaction-history/{id}: one of the caller's transactions, of the wallet or the card. */
    async transaction(c: Ctx) {
      const { id } = parseParams(c, entryParamsSchema);
      const { db } = c.get('deps');
      const item = await getTransaction(db, c.get('auth').id, id, c.var.i18n);
      if (!item) throw notFound(/*i18n*/ 'The transaction does not exist');
      return answer(200, { status: 200, data: item });
    },

    /** GET /guest/statement: one summary per month, newest first. */
    async statements(c: Ctx) {
      const { db, clock } = c.get('deps');
      const body = { status: 200, data: await listStatements(db, c.get('auth').id, clock.now()) };
      return answer(200, body);
    },

    /** POST /user/wallet/top-up: a card payment whose success credits the wallet (idempotent by key). */
    async topUp(c: Ctx) {
      const body = await parseBody(c, topUpBodySchema);
      const data = inLanguage(await startWalletTopUp(c.get('deps'), c.get('auth'), body), c.var.i18n);
      return answer(201, { status: 201, data });
    },

    /** GET /guest/statement/{month}/pdf: the month's statement as a PDF download. */
    async statementPdf(c: Ctx) {
      const { month } = parseParams(c, monthParamsSchema);
      const { db, clock } = c.get('deps');
      const userId = c.get('auth').id;
      const now = clock.now();
      // The caller's language, or English when this server lacks that language's fonts.
      const locale = await statementLocale(c.var.locale);
      const statement = await getStatement(db, userId, month, now, translatorFor(locale));
      const user = await findUser(db, userId);
      if (!statement || !user) throw notFound(NO_STATEMENT);
      const pdf = await renderStatementPdf({
        statement,
        member: { name: `${user.firstName} ${user.lastName}`.trim(), memberId: user.customId ?? user.customerId },
        generatedAt: now,
        locale,
      });
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${statementFileName(month)}"`,
        'Cache-Control': 'private, no-store',
      });
    },

    /** GET /guest/statement/{month}: one month with its entries. */
    async statement(c: Ctx) {
      const { month } = parseParams(c, monthParamsSchema);
      const { db, clock } = c.get('deps');
      const statement = await getStatement(db, c.get('auth').id, month, clock.now(), c.var.i18n);
      if (!statement) throw notFound(NO_STATEMENT);
      return answer(200, { status: 200, data: statement });
    },
  };
}
