/**
 * Handlers of the set-up area (docs/decisions/0016-versioned-setup.md): dining areas, tables and the floor layout, pacing and turn
 * times. Each change is parsed with the same valibot schema as the page's form, starts from the version
 * the admin read (the body's `version`, or `If-Match`), and with `?preview=true` answers what it would
 * do to the book without saving.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { idSchema, parseParams, requiredObject } from '../../lib/validate';
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
import { changeBookingWindows, changeLateGrace } from '../../services/setup/venue-rules-setup';
import { lateGraceSchema } from '../../../common/validation/host-stand-validation';
import { bookingWindowsSchema } from '../../../common/validation/booking-windows-validation';
import { etagOf } from '../../services/setup/versioned';
import { answer } from '../route';
import { setupChange } from './setup-change-handler';

type Ctx = Context<AppEnv>;

const venueParams = requiredObject({ venueId: idSchema });
const idParams = requiredObject({ id: idSchema });

export function createSetupHandlers() {
  return {
    async floor(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const data = await readFloor(c.get('deps').db, venueId);
      return answer(200, { status: 200, data });
    },

    /** The tables dragged on the plan. */
    changeLayout: setupChange(venueParams, floorLayoutSchema, (deps, by, { venueId }, input) => changeLayout(deps, by, venueId, input), { versioned: false }),
    createTable: setupChange(venueParams, tableSchema, (deps, by, { venueId }, input) => createTable(deps, by, venueId, input), { status: 201, versioned: false }),
    changeTable: setupChange(idParams, tableChangeSchema, (deps, by, { id }, input) => changeTable(deps, by, id, input)),
    createArea: setupChange(venueParams, areaSchema, (deps, by, { venueId }, input) => createArea(deps, by, venueId, input), { status: 201, versioned: false }),
    changeArea: setupChange(idParams, areaChangeSchema, (deps, by, { id }, input) => changeArea(deps, by, id, input)),

    async pacing(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const data = await readPacing(c.get('deps').db, venueId);
      c.header('ETag', etagOf(data.version));
      return answer(200, { status: 200, data });
    },

    changePacing: setupChange(venueParams, pacingSchema, (deps, by, { venueId }, input) => changePacing(deps, by, venueId, input)),
    changeBookingWindows: setupChange(venueParams, bookingWindowsSchema, (deps, by, { venueId }, input) => changeBookingWindows(deps, by, venueId, input)),
    changeLateGrace: setupChange(venueParams, lateGraceSchema, (deps, by, { venueId }, input) => changeLateGrace(deps, by, venueId, input)),

    async turnTimes(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      const data = await readTurnTimes(c.get('deps').db, venueId);
      c.header('ETag', etagOf(data.version));
      return answer(200, { status: 200, data });
    },

    changeTurnTimes: setupChange(venueParams, turnTimesSchema, (deps, by, { venueId }, input) => changeTurnTimes(deps, by, venueId, input)),
  };
}
