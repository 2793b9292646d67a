/**
 * Handlers of the set-up area (docs/decisions/0016-versioned-setup.md): dining areas, tables and the floor layout, pacing and turn
 * times. Each change is parsed with the same valibot schema as the page's form, starts from the version
 * the admin read (the body's `version`, or `If-Match`), and with `?preview=true` answers what it would
 * do to the book without saving.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import type { ResponseBody } from '../../lib/api-types';
import { idSchema, parseBody, parseParams, requiredObject } from '../../lib/validate';
import {
  areaChangeSchema,
  areaSchema,
  floorLayoutSchema,
  pacingSchema,
  tableChangeSchema,
  tableSchema,
  turnTimesSchema,
} from '../../../common/validation/setup-validation';
import { changeArea, changeLayout, changeTable, createArea, createTable, readFloor } from '../../services/setup/floor-setup';
import { changePacing, changeTurnTimes, readPacing, readTurnTimes } from '../../services/setup/pacing-setup';
import { changeBookingWindows } from '../../services/setup/booking-windows-setup';
import { bookingWindowsSchema } from '../../../common/validation/booking-windows-validation';
import { etagOf } from '../../services/setup/versioned';
import type { SetupOutcome } from '../../services/setup/setup-change';
import { changeBy, previewableChange } from './versioned-change';

type Ctx = Context<AppEnv>;

const venueParams = requiredObject({ venueId: idSchema });
const idParams = requiredObject({ id: idSchema });
const result = (outcome: SetupOutcome<unknown>) => ({ version: outcome.version, published: outcome.published, affected: outcome.affected });

export function createSetupHandlers() {
  return {
    /** GET /admin/venue/{venueId}/floor */
    async floor(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const data = await readFloor(c.get('deps').db, venueId);
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/venue/{venueId}/floor', 'get', 200>, 200);
    },

    /** PUT /admin/venue/{venueId}/floor: the tables dragged on the plan. */
    async changeLayout(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      // The query first: each refusal names the first field that is wrong, in the order of the address.
      const by = changeBy(c);
      const input = await parseBody(c, floorLayoutSchema);
      const data = result(await changeLayout(c.get('deps'), by, venueId, input));
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/venue/{venueId}/floor', 'put', 200>, 200);
    },

    /** POST /admin/venue/{venueId}/table */
    async createTable(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      // The query first: each refusal names the first field that is wrong, in the order of the address.
      const by = changeBy(c);
      const input = await parseBody(c, tableSchema);
      const data = result(await createTable(c.get('deps'), by, venueId, input));
      return c.json({ status: 201, data } satisfies ResponseBody<'/admin/venue/{venueId}/table', 'post', 201>, 201);
    },

    /** PUT /admin/table/{id} */
    async changeTable(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const data = await previewableChange(c, tableChangeSchema, async (input, by) => result(await changeTable(c.get('deps'), by, id, input)));
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/table/{id}', 'put', 200>, 200);
    },

    /** POST /admin/venue/{venueId}/area */
    async createArea(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      // The query first: each refusal names the first field that is wrong, in the order of the address.
      const by = changeBy(c);
      const input = await parseBody(c, areaSchema);
      const data = result(await createArea(c.get('deps'), by, venueId, input));
      return c.json({ status: 201, data } satisfies ResponseBody<'/admin/venue/{venueId}/area', 'post', 201>, 201);
    },

    /** PUT /admin/area/{id} */
    async changeArea(c: Ctx) {
      const { id } = parseParams(c, idParams);
      const data = await previewableChange(c, areaChangeSchema, async (input, by) => result(await changeArea(c.get('deps'), by, id, input)));
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/area/{id}', 'put', 200>, 200);
    },

    /** GET /admin/venue/{venueId}/pacing */
    async pacing(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const data = await readPacing(c.get('deps').db, venueId);
      c.header('ETag', etagOf(data.version));
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/venue/{venueId}/pacing', 'get', 200>, 200);
    },

    /** PUT /admin/venue/{venueId}/pacing */
    async changePacing(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const data = await previewableChange(c, pacingSchema, async (input, by) => result(await changePacing(c.get('deps'), by, venueId, input)));
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/venue/{venueId}/pacing', 'put', 200>, 200);
    },

    /** PUT /admin/venue/{venueId}/booking-windows */
    async changeBookingWindows(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const data = await previewableChange(c, bookingWindowsSchema, async (input, by) => result(await changeBookingWindows(c.get('deps'), by, venueId, input)));
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/venue/{venueId}/booking-windows', 'put', 200>, 200);
    },

    /** GET /admin/venue/{venueId}/turn-times */
    async turnTimes(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const data = await readTurnTimes(c.get('deps').db, venueId);
      c.header('ETag', etagOf(data.version));
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/venue/{venueId}/turn-times', 'get', 200>, 200);
    },

    /** PUT /admin/venue/{venueId}/turn-times */
    async changeTurnTimes(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const data = await previewableChange(c, turnTimesSchema, async (input, by) => result(await changeTurnTimes(c.get('deps'), by, venueId, input)));
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/venue/{venueId}/turn-times', 'put', 200>, 200);
    },
  };
}
