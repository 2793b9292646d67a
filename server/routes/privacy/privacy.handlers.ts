/** Handlers of the guest's data export and erasure request, and of the admins' erasure and retention calls. */
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { idSchema, parseBody, parseParams, requiredObject } from '../../lib/validate';
import { guestDataCsv, guestDataExport } from '../../services/privacy/guest-data-export';
import { carryOutErasure, listErasureRequests, privacyStatus, requestErasure } from '../../services/privacy/erasure';
import { retentionYears, setRetentionYears } from '../../services/privacy/retention';
import { retentionSchema } from '../../../common/validation/feedback-validation';
import { answer } from '../route';

type Ctx = Context<AppEnv>;

const userParams = requiredObject({ userId: idSchema });
// The export names the day it was made; a download is the guest's own, never cached on the way.
const download = (c: Ctx, type: string, extension: string) => ({
  'content-type': type,
  'content-disposition': `attachment; filename="my-data-${c.get('deps').clock.now().toISOString().slice(0, 10)}.${extension}"`,
  'cache-control': 'no-store',
});

export function createPrivacyHandlers() {
  return {
    /** GET /user/privacy: whether the caller has asked for erasure. */
    async status(c: Ctx) {
      const data = await privacyStatus(c.get('deps').db, c.get('auth').id);
      return answer(200, { status: 200, data });
    },

    /** GET /user/privacy/export: everything we hold about the caller, as a JSON file. */
    async exportJson(c: Ctx) {
      const { db, clock } = c.get('deps');
      const data = await guestDataExport(db, c.get('auth').id, clock.now());
      return c.body(JSON.stringify(data, null, 2), 200, download(c, 'application/json; charset=utf-8', 'json'));
    },

    /** GET /user/privacy/export.csv: the same as CSV, one value a line. */
    async exportCsv(c: Ctx) {
      const { db, clock } = c.get('deps');
      const data = await guestDataExport(db, c.get('auth').id, clock.now());
      return c.body(guestDataCsv(data), 200, download(c, 'text/csv; charset=utf-8; header=present', 'csv'));
    },

    /** POST /user/privacy/erasure-request: the caller asks for their personal data to be erased. */
    async requestErasure(c: Ctx) {
      const { db, clock } = c.get('deps');
      const data = await requestErasure(db, c.get('auth').id, clock.now());
      return answer(200, { status: 200, data });
    },

    /** GET /admin/privacy/erasure-requests: open requests first, then those carried out lately. */
    async erasureRequests(c: Ctx) {
      const data = await listErasureRequests(c.get('deps').db);
      return answer(200, { status: 200, data });
    },

    /** POST /admin/privacy/erasure-requests/{userId}/erase: carries the request out. */
    async erase(c: Ctx) {
      const { userId } = parseParams(c, userParams);
      const { db, clock } = c.get('deps');
      const data = await carryOutErasure(db, c.get('auth'), userId, clock.now());
      return answer(200, { status: 200, data });
    },

    /** GET /admin/privacy/retention */
    async retention(c: Ctx) {
      const years = await retentionYears(c.get('deps').db);
      return answer(200, { status: 200, data: { years } });
    },

    /** PUT /admin/privacy/retention: years of inactivity before a guest is anonymised; null for never. */
    async setRetention(c: Ctx) {
      const { years } = await parseBody(c, retentionSchema);
      const { db, clock } = c.get('deps');
      const data = { years: await setRetentionYears(db, c.get('auth'), years, clock.now()) };
      return answer(200, { status: 200, data });
    },
  };
}
