/**
 * The set-up forms' valibot messages (common/validation/setup-validation.ts) as the staff catalog's own
 * descriptors, so a form shows a field's problem in the admin's language before anything is sent; the
 * server's answers come translated already. tests/ui/staff/setup-floor.test.tsx checks they say the same.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { SETUP_MESSAGES } from '../../../common/validation/setup-validation';

export const SETUP_MESSAGE_TEXTS: Record<keyof typeof SETUP_MESSAGES, MessageDescriptor> = {
  nameRequired: msg`Enter a name of at most 40 characters`,
  descriptionTooLong: msg`The description may be at most 300 characters`,
  areaRequired: msg`Choose the dining area`,
  guestsInvalid: msg`Enter a number of guests from 1 to 40`,
  guestsOrder: msg`The most guests must be at least the fewest`,
  bookableInvalid: msg`Choose who may book the table: guests online, staff only or walk-ins only`,
  groupInvalid: msg`The combine group may be at most 20 letters or digits`,
  shapeInvalid: msg`Choose a square or a round table`,
  positionInvalid: msg`Place the table inside the floor plan`,
  sizeInvalid: msg`A table is 20 to 400 units wide and deep`,
  rotationInvalid: msg`Turn the table by 0 to 359 degrees`,
  versionInvalid: msg`The version read is missing: reload the page`,
  serviceRequired: msg`Choose the service`,
  minutesInvalid: msg`A party sits from 15 to 600 minutes`,
  coversInvalid: msg`Enter a number of covers from 1 to 2000, or leave it empty`,
  limitRequired: msg`Give a limit per slot, per service or both`,
  slotOverService: msg`The limit per slot cannot be more than the limit per service`,
  tooManyRules: msg`At most 50 rules`,
};

/** The descriptor of a set-up message's English text (a valibot issue's); any other text as it is. */
export function setupMessage(text: string): MessageDescriptor {
  const key = (Object.keys(SETUP_MESSAGES) as (keyof typeof SETUP_MESSAGES)[]).find((k) => SETUP_MESSAGES[k] === text);
  return key ? SETUP_MESSAGE_TEXTS[key] : { id: text, message: text };
}
