/** Valibot schemas of the staff console's request bodies, shared by the browser and the server. */
import * as v from 'valibot';
import { emailSchema } from './email';
import { firstNameSchema, lastNameSchema } from './account-validation';

export const STAFF_MESSAGES = {
  roleInvalid: /*i18n*/ 'Choose the role: admin or staff',
  venueRequired: /*i18n*/ 'Choose the venue this member of staff works at',
  venueNotForAdmin: /*i18n*/ 'An admin works at every venue: leave the venue out',
  visitEventInvalid: /*i18n*/ 'Unknown visit change',
} as const;

const HEX_ID = /^[0-9a-f]{24}$/;

const staffRoleEntries = {
  role: v.picklist(['admin', 'staff'], STAFF_MESSAGES.roleInvalid),
  venueId: v.optional(v.pipe(v.string(STAFF_MESSAGES.venueRequired), v.regex(HEX_ID, STAFF_MESSAGES.venueRequired))),
};
type StaffRoleFields = v.InferOutput<v.ObjectSchema<typeof staffRoleEntries, undefined>>;

// Venue staff work one venue; an admin works every venue and is given none.
const venueGivenForStaff = (s: StaffRoleFields) => s.role !== 'staff' || s.venueId !== undefined;
const noVenueForAdmin = (s: StaffRoleFields) => s.role !== 'admin' || s.venueId === undefined;

/** A new staff account: an admin (every venue) or venue staff (one venue). No password: the person sets it from a mailed link. */
export const newStaffSchema = v.pipe(
  v.object({ email: emailSchema, firstName: firstNameSchema, lastName: lastNameSchema, ...staffRoleEntries }),
  v.forward(v.check((s) => venueGivenForStaff(s), STAFF_MESSAGES.venueRequired), ['venueId']),
  v.forward(v.check((s) => noVenueForAdmin(s), STAFF_MESSAGES.venueNotForAdmin), ['venueId']),
);
export type NewStaffInput = v.InferOutput<typeof newStaffSchema>;

/** A member's new role and venue (PATCH /admin/staff/{id}). */
export const staffChangeSchema = v.pipe(
  v.object(staffRoleEntries),
  v.forward(v.check(venueGivenForStaff, STAFF_MESSAGES.venueRequired), ['venueId']),
  v.forward(v.check(noVenueForAdmin, STAFF_MESSAGES.venueNotForAdmin), ['venueId']),
);
export type StaffChangeInput = v.InferOutput<typeof staffChangeSchema>;

/** The visit changes staff make at the host stand (machines/visit.machine.ts), as the API names them. */
export const VISIT_ACTIONS = ['arrive', 'undo-arrival', 'seat', 'finish', 'undo-finish', 'no-show', 'undo-no-show', 'cancel'] as const;
export type VisitAction = (typeof VISIT_ACTIONS)[number];

export const visitChangeSchema = v.object({ action: v.picklist(VISIT_ACTIONS, STAFF_MESSAGES.visitEventInvalid) });
