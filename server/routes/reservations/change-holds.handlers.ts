/**
 * Handlers of a change that costs more, paid by card (services/reservations/change-holds.ts): hold it,
 * pay its difference, follow it, or give it up.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import { idempotencyKeySchema, idSchema, parseBody, parseParams, requiredObject } from '../../lib/validate';
import { holdReservationChange } from '../../services/reservations/reservation-change';
import { changePaymentState, giveUpChange, type ChangePaymentState } from '../../services/payments/change-payment';
import { startChangePayment } from '../../services/payments/payment-start';
import { inLanguage } from '../../services/payments/payments';
import { changeBody } from './reservations.handlers';
import { answer } from '../route';

type Ctx = Context<AppEnv>;

const reservationParams = requiredObject({ id: idSchema });
const holdParams = requiredObject({ id: idSchema, holdId: idSchema });
/** What the card payment of a change is started with (the card is the only way: a wallet pays with the change itself). */
export const changePaymentBody = requiredObject({ idempotencyKey: idempotencyKeySchema });
// Logged in only: a saved card is the account's, never offered to whoever holds a manage link.
const accountChangePaymentBody = requiredObject({ idempotencyKey: idempotencyKeySchema, savedCardId: v.optional(idSchema) });

/** The state with its payment's failure said in the reader's language. */
export const stateInLanguage = (state: ChangePaymentState, c: Ctx): ChangePaymentState => ({
  ...state,
  payment: state.payment && inLanguage(state.payment, c.var.i18n),
});

export function createChangeHoldHandlers() {
  return {
    /** POST /user/reservation/v1.1/{id}/change-hold */
    async hold(c: Ctx) {
      const { id } = parseParams(c, reservationParams);
      const { payWith: _wallet, ...input } = await parseBody(c, changeBody);
      const data = await holdReservationChange(c.get('deps'), c.get('auth').id, id, input);
      return answer(201, { status: 201, data });
    },

    /** GET /user/reservation/v1.1/{id}/change-hold/{holdId} */
    async state(c: Ctx) {
      const { id, holdId } = parseParams(c, holdParams);
      const data = stateInLanguage(await changePaymentState(c.get('deps'), c.get('auth').id, id, holdId), c);
      return answer(200, { status: 200, data });
    },

    /** DELETE /user/reservation/v1.1/{id}/change-hold/{holdId} */
    async giveUp(c: Ctx) {
      const { id, holdId } = parseParams(c, holdParams);
      const data = await giveUpChange(c.get('deps'), c.get('auth').id, id, holdId);
      return answer(200, { status: 200, data });
    },

    /** POST /user/reservation/v1.1/{id}/change-hold/{holdId}/payment */
    async pay(c: Ctx) {
      const { id, holdId } = parseParams(c, holdParams);
      const body = await parseBody(c, accountChangePaymentBody);
      const data = inLanguage(await startChangePayment(c.get('deps'), c.get('auth'), id, holdId, body), c.var.i18n);
      return answer(201, { status: 201, data });
    },
  };
}
