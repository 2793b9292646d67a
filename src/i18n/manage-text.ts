/** The account pages' messages in the user's language: the app's known texts plus the ones only these pages meet. */
import { useLingui } from '@lingui/react/macro';
import { failureTextWith, useMessageText } from './message-text';

/** Like `useMessageText`, knowing the server's texts about reservations and the wallet too. */
export function useManageText(): (message: string | null | undefined) => string | undefined {
  const { t } = useLingui();
  const translate = useMessageText();
  const known: Record<string, string> = {
    'Sorry, your selection is unavailable': t`Sorry, your selection is unavailable`,
    'Reservation not found': t`Reservation not found`,
    'This reservation can no longer be changed': t`This reservation can no longer be changed`,
    'You must be a Club member to use the wallet': t`You must be a Club member to use the wallet`,
    'The wallet entry does not exist': t`The wallet entry does not exist`,
    'The transaction does not exist': t`The transaction does not exist`,
    'There is no statement for this month': t`There is no statement for this month`,
    'The start date must not be after the end date': t`The start date must not be after the end date`,
  };
  return (message) => (message ? (known[message] ?? translate(message)) : undefined);
}

/** The words for a failed read: the server's message in the user's language, else why no answer came. */
export function useManageFailureText(): (error: unknown) => string {
  return failureTextWith(useManageText());
}
