/**
 * What the set-up preview says of a booking a change would no longer fit, and why: one module the set-up's
 * impact and the experiences' reasons both import, so neither imports the other for a type.
 */
import type { Schema } from '../../lib/api-types';

export type SetupAffectedBookingDto = Schema<'SetupAffectedBooking'>;
export type SetupImpactReason = SetupAffectedBookingDto['reasons'][number];
