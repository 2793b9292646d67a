/**
 * Who a guest continuing without an account is (docs/decisions/0018-verified-guests.md): name, e-mail and the
 * mobile number a code is texted to. The booking form's own rules and messages (guest-details.ts), for the
 * form and for `POST /public/guest/session`. Browser-safe.
 */
import * as v from 'valibot';
import { guestDetailsEntries } from './guest-details';
import { GUEST_DETAILS_MESSAGES } from './form-messages';
import { withMobileNumberChecked } from './phone-number';

/** The contact's fields, before the mobile number is checked as one number. */
export const guestContactEntries = v.pick(guestDetailsEntries, ['firstName', 'lastName', 'email', 'mobileCountryCode', 'mobileNumber']);

/** The contact, the mobile number checked and written as stored (phone-number.ts). */
export const guestContactSchema = withMobileNumberChecked(guestContactEntries, GUEST_DETAILS_MESSAGES.mobileNumberInvalid);

