/**
 * A guest's feedback for staff: the average, each rated visit with its comment, and
 * the switch that stops the feedback mails for this guest. Made to sit on the guest book's profile page:
 * `<GuestFeedback userId={…} />`, reading `GET /admin/guests/{userId}/feedback`.
 */
import { Plural, useLingui } from '@lingui/react/macro';
import { unwrap } from '../../../common/api/api-error';
import { staffGuestFeedbackKey } from '../../api/query-keys';
import { useApiQuery } from '../../api/use-api-query';
import { FormMessage } from '../../components/form';
import { ReadStatus } from '../../components/read-status';
import { Section } from '../../components/section';
import { useSubmission } from '../../components/use-submission';
import { useFailureText } from '../../i18n/message-text';
import { useFormats } from '../../i18n/use-formats';
import { staffApi } from '../staff-api';

export function GuestFeedback({ userId }: { userId: string }) {
  const { t } = useLingui();
  const { date, dateTime } = useFormats();
  const failureText = useFailureText();
  const read = useApiQuery(staffGuestFeedbackKey(userId), () =>
    unwrap(staffApi.GET('/admin/guests/{userId}/feedback', { params: { path: { userId } } })).then((body) => body.data),
  );
  const submission = useSubmission();

  const toggle = (stopped: boolean) =>
    submission.onSubmit(
      () => true,
      async () => {
        await unwrap(staffApi.PUT('/admin/guests/{userId}/feedback-mails', { params: { path: { userId } }, body: { stopped } }));
        read.reload();
        return stopped ? t`Feedback mails stopped for this guest.` : t`Feedback mails will be sent to this guest again.`;
      },
    );

  return (
    <Section title={t`Feedback`}>
      <ReadStatus read={read} loading={t`Loading…`} failureText={failureText} />
      {read.status === 'ready' && (
        <>
          {read.data.average === null ? (
            <p>{t`This guest has not rated a visit yet.`}</p>
          ) : (
            <AverageRating average={read.data.average} visits={read.data.entries.length} />
          )}
          <ul className="list">
            {read.data.entries.map((entry) => {
              const day = date(entry.date);
              return (
                <li key={entry.reservationId} data-reservation={entry.reference}>
                  <strong>{t`${entry.rating} of 5`}</strong> · {entry.venueName} · {day} · {entry.reference}
                  {entry.comment && <p className="staff-pre">{entry.comment}</p>}
                </li>
              );
            })}
          </ul>
          <form noValidate onSubmit={toggle(!read.data.feedbackMailsStoppedAt)}>
            {read.data.feedbackMailsStoppedAt && <p>{t`Feedback mails stopped on ${dateTime(read.data.feedbackMailsStoppedAt)}.`}</p>}
            <button type="submit" className="button" disabled={submission.sending}>
              {read.data.feedbackMailsStoppedAt ? t`Send feedback mails again` : t`Stop feedback mails`}
            </button>
          </form>
          <FormMessage error={submission.error} success={submission.success} />
        </>
      )}
    </Section>
  );
}

function AverageRating({ average, visits }: { average: number; visits: number }) {
  const rating = average.toFixed(1);
  return (
    <p>
      <Plural value={visits} one={`Average rating ${rating} of 5 from # visit`} other={`Average rating ${rating} of 5 from # visits`} />
    </p>
  );
}
