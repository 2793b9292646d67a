/** The shared rules' messages of the forms after a visit (common/validation/feedback-validation.ts) in the reader's words. */
import { useLingui } from '@lingui/react/macro';
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES } from '../../common/validation/feedback-validation';
import { useMessageText } from '../i18n/message-text';

export function useFeedbackMessageText(): (message: string | null | undefined) => string | undefined {
  const { t } = useLingui();
  const general = useMessageText();
  const { comment: commentMax, allergies: allergiesMax } = FEEDBACK_LIMITS;
  const known: Record<string, string> = {
    [FEEDBACK_MESSAGES.ratingInvalid]: t`Choose a rating from 1 to 5`,
    [FEEDBACK_MESSAGES.commentTooLong]: t`Your comment may be at most ${commentMax} characters`,
    [FEEDBACK_MESSAGES.allergiesTooLong]: t`Please keep it to ${allergiesMax} characters`,
    [FEEDBACK_MESSAGES.allergiesRequired]: t`Tell us your allergies or dietary needs, or choose "No allergies"`,
  };
  return (message) => (message ? (known[message] ?? general(message)) : undefined);
}
