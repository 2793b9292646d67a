/** Handlers of a guest's saved cards (services/payments/saved-cards.ts): listed and removed on the profile. */
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import type { ResponseBody } from '../../lib/api-types';
import { idSchema, parseParams, requiredObject } from '../../lib/validate';
import { listSavedCards, removeSavedCard } from '../../services/payments/saved-cards';

type Ctx = Context<AppEnv>;

const idParams = requiredObject({ id: idSchema });

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
  };
}
