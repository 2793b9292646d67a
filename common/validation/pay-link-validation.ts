/** Valibot schemas of a phone booking's pay link in the staff console (decision 0036), shared by the browser and the server. */
import * as v from 'valibot';
import { wholeNumberIn } from './whole-number';

export const PAY_LINK_LAPSE_VALUES = ['RELEASE', 'KEEP_OWED'] as const;

export const PAY_LINK_MESSAGES = {
  hoursInvalid: /*i18n*/ 'Choose between 1 and 168 hours',
  lapseInvalid: /*i18n*/ 'Choose whether an unpaid booking is released or kept as owed',
} as const;

const hours = wholeNumberIn(1, 168, PAY_LINK_MESSAGES.hoursInvalid);

/** PUT /admin/venue/{venueId}/pay-link. */
export const payLinkSettingsSchema = v.object({ lapseHours: hours, onLapse: v.picklist(PAY_LINK_LAPSE_VALUES, PAY_LINK_MESSAGES.lapseInvalid) });

/** POST /admin/reservation/{id}/pay-link/extend. */
export const payLinkExtendSchema = v.object({ hours });
