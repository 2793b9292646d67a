/**
 * The sign-up request: the account's fields (account-validation.ts) with the mobile number checked as
 * one number and written as stored (phone-number.ts). A module of its own, so that libphonenumber-js is
 * loaded only where a number is parsed, never by the log-in page and the other account pages.
 */
import { signUpEntries } from './account-validation';
import { ACCOUNT_MESSAGES } from './form-messages';
import { withMobileNumberChecked } from './phone-number';

export const signUpSchema = withMobileNumberChecked(signUpEntries, ACCOUNT_MESSAGES.mobileNumberInvalid);
