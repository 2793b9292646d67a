/**
 * Routes of the wallet area (docs/PRODUCT.md §7 transaction history and statements; top-up; PDFs): the wallet is for
 * club members only; the transaction history is also a guest's, for the card payments.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireUser } from '../../lib/auth';
import { createWalletHandlers, requireCustomer, requireMember } from './wallet.handlers';
import { route } from '../route';

export function walletRoutes(): Hono<AppEnv> {
  const h = createWalletHandlers();
  // Guards go on each route: a `use('*')` here would, mounted at '/', guard every route of the app.
  const member = [requireUser(), requireMember()] as const;
  const customer = [requireUser(), requireCustomer()] as const;
  const app = new Hono<AppEnv>();
  route(app, 'get', '/user/wallet', ...member, h.wallet);
  route(app, 'get', '/user/wallet/entries/{id}', ...member, h.entry);
  route(app, 'post', '/user/wallet/top-up', ...member, h.topUp);
  route(app, 'get', '/user/transaction-history', ...customer, h.transactionHistory);
  route(app, 'get', '/user/transaction-history/{id}', ...customer, h.transaction);
  route(app, 'get', '/guest/statement', ...member, h.statements);
  route(app, 'get', '/guest/statement/{month}', ...member, h.statement);
  route(app, 'get', '/guest/statement/{month}/pdf', ...member, h.statementPdf);
  return app;
}
