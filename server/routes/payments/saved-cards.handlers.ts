/**
 * Handlers of a guest's saved cards (services/payments/saved-cards.ts): listed and removed on the profile;
 * and of the card a guaranteed booking keeps (services/payments/card-guarantee.ts), saved at booking.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import type { ResponseBody } from '../../lib/api-types';
import { idSchema, parseParams, requiredObject } from '../../lib/validate';
import { listSavedCards, removeSavedCard } from '../../services/payments/saved-cards';
import { readCardGuarantee, startCardGuarantee, type CardGuaranteeDto } from '../../services/payments/card-guarantee';
import { findOwnReservation } from '../../services/reservations/reservations';
import { answer } from '../route';

type Ctx = Context<AppEnv>;

const idParams = requiredObject({ id: idSchema });

/** The refusal reason in the caller's language (stored as its English source text). */
export const guaranteeInLanguage = (dto: CardGuaranteeDto, c: Ctx): CardGuaranteeDto => ({ ...dto, failureMessage: dto.failureMessage && c.var.i18n._(dto.failureMessage) });

export function createSavedCardHandlers() {
  return {
    /** GET /user/saved-card */
    async list(c: Ctx) {
      const data = await listSavedCards(c.get('deps').db, c.get('auth').id);
      return c.json({ status: 200, data } satisfies ResponseBody<'/user/saved-card', 'get', 200>, 200);
    },
    /** DELETE /user/saved-card/{id} */
    async remove(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const data = await removeSavedCard(c.get('deps'), c.get('auth').id, id);
      return c.json({ status: 200, data } satisfies ResponseBody<'/user/saved-card/{id}', 'delete', 200>, 200);
    },
    /** POST /user/reservation/{id}/card-guarantee: the caller's own booking only (404 otherwise). */
    async startGuarantee(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const deps = c.get('deps');
      await findOwnReservation(deps.db, id, c.get('auth').id);
      return answer(201, { status: 201, data: guaranteeInLanguage(await startCardGuarantee(deps, id), c) });
    },
    /** GET /user/reservation/{id}/card-guarantee: null while none was asked for (the owner's own booking is never a 404). */
    async readGuarantee(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const deps = c.get('deps');
      const data = await readCardGuarantee(deps, await findOwnReservation(deps.db, id, c.get('auth').id));
      return answer(200, { status: 200, data: data && guaranteeInLanguage(data, c) });
    },
  };
}
