/**
 * Valibot schemas of the set-up pages' forms (dining areas, tables and their floor layout, turn times,
 * pacing), shared by the browser and the server: the same words on both sides. Rules that need the
 * stored set-up (a service's name, a table name already used) are the server's (409 20141 with reasons).
 */
import * as v from 'valibot';
import { wholeNumberIn } from './whole-number';

export const TABLE_BOOKABLE = ['ONLINE', 'STAFF', 'WALK_IN'] as const;
export const TABLE_SHAPES = ['RECT', 'ROUND'] as const;
/** The floor plan's size in plan units: a table is placed inside it. */
export const FLOOR_SIZE = 1000;
export const MAX_TABLE_GUESTS = 40;

export const SETUP_MESSAGES = {
  nameRequired: /*i18n*/ 'Enter a name of at most 40 characters',
  descriptionTooLong: /*i18n*/ 'The description may be at most 300 characters',
  areaRequired: /*i18n*/ 'Choose the dining area',
  guestsInvalid: /*i18n*/ 'Enter a number of guests from 1 to 40',
  guestsOrder: /*i18n*/ 'The most guests must be at least the fewest',
  bookableInvalid: /*i18n*/ 'Choose who may book the table: guests online, staff only or walk-ins only',
  groupInvalid: /*i18n*/ 'The combine group may be at most 20 letters or digits',
  shapeInvalid: /*i18n*/ 'Choose a square or a round table',
  positionInvalid: /*i18n*/ 'Place the table inside the floor plan',
  sizeInvalid: /*i18n*/ 'A table is 20 to 400 units wide and deep',
  rotationInvalid: /*i18n*/ 'Turn the table by 0 to 359 degrees',
  versionInvalid: /*i18n*/ 'The version read is missing: reload the page',
  serviceRequired: /*i18n*/ 'Choose the service',
  minutesInvalid: /*i18n*/ 'A party sits from 15 to 600 minutes',
  coversInvalid: /*i18n*/ 'Enter a number of covers from 1 to 2000, or leave it empty',
  limitRequired: /*i18n*/ 'Give a limit per slot, per service or both',
  slotOverService: /*i18n*/ 'The limit per slot cannot be more than the limit per service',
  tooManyRules: /*i18n*/ 'At most 50 rules',
} as const;

const name = v.pipe(v.string(SETUP_MESSAGES.nameRequired), v.trim(), v.nonEmpty(SETUP_MESSAGES.nameRequired), v.maxLength(40, SETUP_MESSAGES.nameRequired));
const guests = wholeNumberIn(1, MAX_TABLE_GUESTS, SETUP_MESSAGES.guestsInvalid);
/** The version the change started from (docs/PRODUCT.md §4, the set-up edit). */
export const versionField = wholeNumberIn(0, 1_000_000_000, SETUP_MESSAGES.versionInvalid);

/** Where a table stands on its area's floor plan. */
export const tableLayoutEntries = {
  shape: v.picklist(TABLE_SHAPES, SETUP_MESSAGES.shapeInvalid),
  x: wholeNumberIn(0, FLOOR_SIZE, SETUP_MESSAGES.positionInvalid),
  y: wholeNumberIn(0, FLOOR_SIZE, SETUP_MESSAGES.positionInvalid),
  width: wholeNumberIn(20, 400, SETUP_MESSAGES.sizeInvalid),
  height: wholeNumberIn(20, 400, SETUP_MESSAGES.sizeInvalid),
  rotation: wholeNumberIn(0, 359, SETUP_MESSAGES.rotationInvalid),
};

const inOrder = (t: { minGuests: number; maxGuests: number }) => t.minGuests <= t.maxGuests;

/** A table as the admin enters it: name, area, covers, who may book it, combine group, active, layout. */
export const tableSchema = v.pipe(
  v.object({
    seatingAreaId: v.pipe(v.string(SETUP_MESSAGES.areaRequired), v.regex(/^[0-9a-f]{24}$/, SETUP_MESSAGES.areaRequired)),
    name,
    minGuests: guests,
    maxGuests: guests,
    bookable: v.picklist(TABLE_BOOKABLE, SETUP_MESSAGES.bookableInvalid),
    combineGroup: v.nullable(v.pipe(v.string(SETUP_MESSAGES.groupInvalid), v.regex(/^[A-Za-z0-9]{1,20}$/, SETUP_MESSAGES.groupInvalid))),
    active: v.boolean(),
    ...tableLayoutEntries,
  }),
  v.forward(v.check((t) => inOrder(t), SETUP_MESSAGES.guestsOrder), ['maxGuests']),
);
export type TableInput = v.InferOutput<typeof tableSchema>;

/** A change of a table: its values and the version they started from. */
export const tableChangeSchema = v.pipe(
  v.object({ ...tableSchema.pipe[0].entries, version: versionField }),
  v.forward(v.check((t) => inOrder(t), SETUP_MESSAGES.guestsOrder), ['maxGuests']),
);
export type TableChangeInput = v.InferOutput<typeof tableChangeSchema>;

/** A dining area. Members-only may be left out: a change then keeps it as stored (a new area is open to all). */
export const areaSchema = v.object({
  name,
  description: v.pipe(v.string(SETUP_MESSAGES.descriptionTooLong), v.trim(), v.maxLength(300, SETUP_MESSAGES.descriptionTooLong)),
  membersOnly: v.optional(v.boolean()),
  active: v.boolean(),
});
export type AreaInput = v.InferOutput<typeof areaSchema>;
export const areaChangeSchema = v.object({ ...areaSchema.entries, version: versionField });
export type AreaChangeInput = v.InferOutput<typeof areaChangeSchema>;

/** Where the tables of one area stand after the admin dragged them: each with the version it was read at. */
export const floorLayoutSchema = v.object({
  tables: v.pipe(
    v.array(v.object({ tableId: v.pipe(v.string(), v.regex(/^[0-9a-f]{24}$/)), version: versionField, ...tableLayoutEntries })),
    v.minLength(1),
    v.maxLength(200),
  ),
});
export type FloorLayoutInput = v.InferOutput<typeof floorLayoutSchema>;

const covers = v.nullable(wholeNumberIn(1, 2000, SETUP_MESSAGES.coversInvalid));
const service = v.pipe(v.string(SETUP_MESSAGES.serviceRequired), v.trim(), v.nonEmpty(SETUP_MESSAGES.serviceRequired), v.maxLength(40, SETUP_MESSAGES.serviceRequired));

/** One service's pacing: at most so many covers starting per slot interval, per service, or both. */
export const pacingRuleSchema = v.pipe(
  v.object({ periodName: service, maxCoversPerSlot: covers, maxCoversPerService: covers }),
  v.forward(v.check((r) => r.maxCoversPerSlot !== null || r.maxCoversPerService !== null, SETUP_MESSAGES.limitRequired), ['maxCoversPerSlot']),
  v.forward(
    v.check((r) => r.maxCoversPerSlot === null || r.maxCoversPerService === null || r.maxCoversPerSlot <= r.maxCoversPerService, SETUP_MESSAGES.slotOverService),
    ['maxCoversPerSlot'],
  ),
);
export const pacingSchema = v.object({ rules: v.pipe(v.array(pacingRuleSchema), v.maxLength(50, SETUP_MESSAGES.tooManyRules)), version: versionField });
export type PacingInput = v.InferOutput<typeof pacingSchema>;

/** How long a party of these sizes sits in a service (null: any service). */
export const turnTimeRuleSchema = v.pipe(
  v.object({ periodName: v.nullable(service), minGuests: guests, maxGuests: guests, minutes: wholeNumberIn(15, 600, SETUP_MESSAGES.minutesInvalid) }),
  v.forward(v.check((t) => inOrder(t), SETUP_MESSAGES.guestsOrder), ['maxGuests']),
);
export const turnTimesSchema = v.object({ rules: v.pipe(v.array(turnTimeRuleSchema), v.maxLength(50, SETUP_MESSAGES.tooManyRules)), version: versionField });
export type TurnTimesInput = v.InferOutput<typeof turnTimesSchema>;
