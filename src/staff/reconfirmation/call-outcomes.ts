/** The five outcomes of a call to a guest who has not reconfirmed, in staff's words (docs/PRODUCT.md §4, no-shows). */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Schemas } from '../../../common/api/schemas';

export type CallOutcome = Schemas['CallOutcome'];

export const CALL_OUTCOME_LABELS: Readonly<Record<CallOutcome, MessageDescriptor>> = {
  NO_ANSWER: msg`No answer`,
  VOICEMAIL: msg`Voicemail left`,
  WRONG_NUMBER: msg`Wrong number`,
  CONFIRMED: msg`Confirmed by phone`,
  CANCELED: msg`Cancelled by phone`,
};

export const CALL_OUTCOMES = Object.keys(CALL_OUTCOME_LABELS) as CallOutcome[];
