/** Valibot schemas of reconfirmation and booking messages in the staff console, shared by the browser and the server. */
import * as v from 'valibot';
import { wholeNumberIn } from './whole-number';

export const CALL_OUTCOME_VALUES = ['NO_ANSWER', 'VOICEMAIL', 'WRONG_NUMBER', 'CONFIRMED', 'CANCELED'] as const;

export const RECONFIRMATION_MESSAGES = {
  outcomeInvalid: /*i18n*/ 'Choose what the call came to',
  minuteInvalid: /*i18n*/ 'Choose a time of day',
  daysInvalid: /*i18n*/ 'Ask between 0 and 7 days before',
  releaseInvalid: /*i18n*/ 'Release between 1 and 48 hours before, or never',
  callListBeforeAsk: /*i18n*/ 'The call list must open after the guests are asked',
  replyRequired: /*i18n*/ 'Write the reply',
  replyTooLong: /*i18n*/ 'A reply is at most 600 characters',
} as const;

const minuteOfDay = wholeNumberIn(0, 1439, RECONFIRMATION_MESSAGES.minuteInvalid);

/** PUT /admin/venue/{venueId}/reconfirmation: the call list opens on the day of the ask, after it. */
export const reconfirmationSettingsSchema = v.pipe(v.object({
  askDaysBefore: wholeNumberIn(0, 7, RECONFIRMATION_MESSAGES.daysInvalid),
  askAtMinute: minuteOfDay,
  callListAtMinute: minuteOfDay,
  autoReleaseHoursBefore: v.nullable(
    wholeNumberIn(1, 48, RECONFIRMATION_MESSAGES.releaseInvalid),
  ),
}), v.forward(v.check((s) => s.callListAtMinute > s.askAtMinute, RECONFIRMATION_MESSAGES.callListBeforeAsk), ['callListAtMinute']));

/** POST /admin/reservation/{id}/reconfirmation-call. */
export const reconfirmationCallSchema = v.object({ outcome: v.picklist(CALL_OUTCOME_VALUES, RECONFIRMATION_MESSAGES.outcomeInvalid) });

/** POST /admin/reservation/{id}/messages: staff's reply to the guest. */
export const bookingReplySchema = v.object({
  body: v.pipe(v.string(RECONFIRMATION_MESSAGES.replyRequired), v.trim(), v.nonEmpty(RECONFIRMATION_MESSAGES.replyRequired), v.maxLength(600, RECONFIRMATION_MESSAGES.replyTooLong)),
});

/** PUT /user/message-preferences: how the guest takes texts, and whether they agree to marketing. */
export const messagePreferencesSchema = v.object({
  channel: v.picklist(['SMS', 'WHATSAPP'], /*i18n*/ 'Choose SMS or WhatsApp'),
  marketing: v.boolean(/*i18n*/ 'Say whether you agree to marketing messages'),
});
