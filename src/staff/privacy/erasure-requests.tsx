/**
 * Guests' erasure requests (docs/decisions/0014-personal-data.md): the open ones, each with the button that
 * carries it out after a second confirmation, and those carried out lately. What erasure keeps is in
 * docs/decisions/0014-personal-data.md.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { unwrap } from '../../../common/api/api-error';
import { staffPrivacyKey } from '../../api/query-keys';
import { invalidate, useApiQuery } from '../../api/use-api-query';
import { FormMessage } from '../../components/form';
import { ReadStatus } from '../../components/read-status';
import { Section } from '../../components/section';
import { useSubmission } from '../../components/use-submission';
import { useFailureText } from '../../i18n/message-text';
import { useFormats } from '../../i18n/use-formats';
import { staffApi } from '../staff-api';

export function ErasureRequests() {
  const { t } = useLingui();
  const { dateTime } = useFormats();
  const failureText = useFailureText();
  const requests = useApiQuery(staffPrivacyKey(), () => unwrap(staffApi.GET('/admin/privacy/erasure-requests')).then((body) => body.data));
  const submission = useSubmission();
  const [confirming, setConfirming] = useState<string | null>(null);

  const erase = (userId: string, name: string) =>
    submission.onSubmit(
      () => true,
      async () => {
        await unwrap(staffApi.POST('/admin/privacy/erasure-requests/{userId}/erase', { params: { path: { userId } } }));
        setConfirming(null);
        invalidate([['staffPrivacy']]);
        requests.reload();
        return t`${name}'s personal data has been erased. Their bookings and payments are kept without it.`;
      },
    );

  return (
    <Section title={t`Erasure requests`}>
      <FormMessage error={submission.error} success={submission.success} />
      <ReadStatus read={requests} loading={t`Loading…`} failureText={failureText} />
      {requests.status === 'ready' && requests.data.length === 0 && <p>{t`No guest has asked for erasure.`}</p>}
      {requests.status === 'ready' && requests.data.length > 0 && (
        <ul className="list">
          {requests.data.map((request) => {
            const name = `${request.firstName} ${request.lastName}`.trim() || t`Anonymous guest`;
            const asked = dateTime(request.requestedAt);
            return (
              <li key={request.userId} data-user={request.userId}>
                <strong>{name}</strong>
                {!request.erasedAt && <div>{request.email}</div>}
                <div>{t`Asked on ${asked}`}</div>
                {request.erasedAt ? (
                  <div>{t`Erased on ${dateTime(request.erasedAt)}`}</div>
                ) : confirming === request.userId ? (
                  <form noValidate onSubmit={erase(request.userId, name)}>
                    <p>
                      <strong>{t`Erase ${name}'s name, contact details, notes and messages? This cannot be undone.`}</strong>
                    </p>
                    <div className="staff-actions">
                      <button type="submit" className="button button--primary" disabled={submission.sending}>
                        {submission.sending ? t`Erasing…` : t`Yes, erase`}
                      </button>
                      <button type="button" className="button" onClick={() => setConfirming(null)}>
                        {t`Not now`}
                      </button>
                    </div>
                  </form>
                ) : (
                  <button type="button" className="button" onClick={() => setConfirming(request.userId)}>
                    {t`Erase personal data`}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
