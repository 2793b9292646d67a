/**
 * Messages in the user's language. The shared schemas and the server speak English (the source texts of
 * docs/PRODUCT.md §5 and §8); a known message is shown translated, an unknown server message as the server wrote it.
 */
import { useLingui } from '@lingui/react/macro';
import { ApiFailure } from '../../common/api/api-error';
import { RequestFailure } from '../api/auth-fetch';
import { ACCOUNT_MESSAGES, GUEST_DETAILS_LIMITS, GUEST_DETAILS_MESSAGES } from '../../common/validation/form-messages';
import { CARD_MESSAGES } from '../../common/validation/card-messages';

/**
 * Turns an English message from the shared schemas or the server into the user's language when we know
 * it; an unknown server message is shown as the server wrote it.
 */
export function useMessageText(): (message: string | null | undefined) => string | undefined {
  const { t } = useLingui();
  const { name: max, notes: notesMax, occasionNote: occasionMax, dietaryNote: dietaryMax } = GUEST_DETAILS_LIMITS;
  const known: Record<string, string> = {
    [ACCOUNT_MESSAGES.emailRequired]: t`Please enter your email address!`,
    [ACCOUNT_MESSAGES.emailInvalid]: t`Please enter a valid email address!`,
    [ACCOUNT_MESSAGES.firstNameRequired]: t`Please enter first name!`,
    [ACCOUNT_MESSAGES.lastNameRequired]: t`Please enter last name!`,
    [ACCOUNT_MESSAGES.mobileNumberInvalid]: t`Please enter a valid mobile number`,
    [ACCOUNT_MESSAGES.passwordRequired]: t`Please enter your password!`,
    [ACCOUNT_MESSAGES.passwordTooShort]: t`The password must be at least 7 characters`,
    [ACCOUNT_MESSAGES.passwordTooLong]: t`The password must be at most 200 characters`,
    [ACCOUNT_MESSAGES.passwordConfirmation]: t`Confirmation password is incorrect`,
    [ACCOUNT_MESSAGES.tokenRequired]: t`This link is invalid or has expired.`,
    'Incorrect E-mail or Password': t`Incorrect E-mail or Password`,
    'Login expired': t`Login expired`,
    'This reset link is invalid or has expired.': t`This reset link is invalid or has expired.`,
    'The current password is incorrect': t`The current password is incorrect`,
    'Please confirm your e-mail address first. We have sent you a new link.':
      t`Please confirm your e-mail address first. We have sent you a new link.`,
    'If an account exists for this e-mail, we have sent a link to reset your password.':
      t`If an account exists for this e-mail, we have sent a link to reset your password.`,
    'Your password has been reset. Please log in.': t`Your password has been reset. Please log in.`,
    'We have sent you an e-mail to finish creating your account.':
      t`We have sent you an e-mail to finish creating your account.`,
    [GUEST_DETAILS_MESSAGES.mobileNumber]: t`Please enter mobile number!`,
    [GUEST_DETAILS_MESSAGES.cancellationPolicy]: t`Please agree to cancellation policy`,
    [GUEST_DETAILS_MESSAGES.firstNameTooLong]: t`The first name must be ${max} characters or fewer.`,
    [GUEST_DETAILS_MESSAGES.lastNameTooLong]: t`The last name must be ${max} characters or fewer.`,
    [GUEST_DETAILS_MESSAGES.notesTooLong]: t`Special requests must be ${notesMax} characters or fewer.`,
    [GUEST_DETAILS_MESSAGES.occasionNoteTooLong]: t`The occasion details must be ${occasionMax} characters or fewer.`,
    [GUEST_DETAILS_MESSAGES.dietaryNoteTooLong]: t`Other dietary needs must be ${dietaryMax} characters or fewer.`,
    [GUEST_DETAILS_MESSAGES.occasionInvalid]: t`Please choose an occasion from the list`,
    'An error occurred!': t`An error occurred!`,
    [CARD_MESSAGES.nameMissing]: t`Please enter the cardholder name`,
    [CARD_MESSAGES.numberIncomplete]: t`Your card number is incomplete.`,
    [CARD_MESSAGES.numberInvalid]: t`Your card number is invalid.`,
    [CARD_MESSAGES.monthInvalid]: t`Your card's expiration month is invalid.`,
    [CARD_MESSAGES.yearInvalid]: t`Your card's expiration year is invalid.`,
    [CARD_MESSAGES.yearPast]: t`Your card's expiration year is in the past.`,
    [CARD_MESSAGES.datePast]: t`Your card's expiration date is in the past.`,
    [CARD_MESSAGES.cvcIncomplete]: t`Your card's security code is incomplete.`,
    [CARD_MESSAGES.cvcInvalid]: t`Your card's security code is invalid.`,
    'Your card was declined.': t`Your card was declined.`,
    'Your card has insufficient funds.': t`Your card has insufficient funds.`,
    // What the request layer reports when no answer came (docs/PRODUCT.md §8).
    timeout: t`The request timed out. Please try again.`,
    network: t`We could not reach the club. Please check your connection and try again.`,
  };
  return (message) => (message ? (known[message] ?? message) : undefined);
}

/**
 * The words for a failed call, with the given translator: the server's message, else why no answer came.
 * Shared by the hooks that know different sets of messages.
 */
export function failureTextWith(translate: (message: string) => string | undefined): (error: unknown) => string {
  return (error) => {
    if (error instanceof ApiFailure && error.message) return translate(error.message)!;
    if (error instanceof RequestFailure) return translate(error.kind)!;
    return translate('An error occurred!')!;
  };
}

/** The words for a failed call: the server's message (in the user's language when known), else why no answer came. */
export function useFailureText(): (error: unknown) => string {
  return failureTextWith(useMessageText());
}
