/** Routes of the wallet area (SPEC §7 transaction history and statements; top-up; PDFs), for club members only. */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireUser } from '../../lib/auth';
import { createWalletHandlers, requireMember } from './wallet.handlers';

export function walletRoutes(): Hono<AppEnv> {
  const h = createWalletHandlers();
  // Guards go on each route: a `use('*')` here would, mounted at '/', guard every route of the app.
  const member = [requireUser(), requireMember()] as const;
  return new Hono<AppEnv>()
    .get('/user/wallet', ...member, h.wallet)
    .get('/user/wallet/entries/:id', ...member, h.entry)
    .post('/user/wallet/top-up', ...member, h.topUp)
    .get('/user/transaction-history', ...member, h.transactionHistory)
    .get('/guest/statement', ...member, h.statements)
    .get('/guest/statement/:month', ...member, h.statement)
    .get('/guest/statement/:month/pdf', ...member, h.statementPdf);
}
