/**
 * The guest's personal data (Hong Kong's Personal Data (Privacy) Ordinance): download everything the club
 * holds about them, as JSON or CSV, and ask for it to be erased. The request is carried out by the club's
 * staff; what is kept and why is in docs/decisions/0014-personal-data.md.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { unwrap } from '../../common/api/api-error';
import { api } from '../api/api';
import { downloadedFile } from '../api/file-download';
import { privacyKey } from '../api/query-keys';
import { useApiQuery } from '../api/use-api-query';
import { DownloadButton } from '../components/download-button';
import { FormMessage } from '../components/form';
import { Page } from '../components/page';
import { ReadStatus } from '../components/read-status';
import { Section } from '../components/section';
import { useSubmission } from '../components/use-submission';
import { useFailureText } from '../i18n/message-text';
import { useFormats } from '../i18n/use-formats';
import { href } from '../navigation/navigator';
import type { PageProps } from '../navigation/routes';
import { useSessionUser } from '../session/session-provider';
import { SavedCardsSection } from '../payment/saved-cards-section';

export default function MyDataPage(_props: PageProps) {
  const { t } = useLingui();
  const { dateTime } = useFormats();
  const failureText = useFailureText();
  const userId = useSessionUser()?._id ?? '';
  const status = useApiQuery(privacyKey(userId), () => unwrap(api.GET('/user/privacy')).then((body) => body.data));
  const submission = useSubmission();
  const [confirming, setConfirming] = useState(false);

  const askErasure = () =>
    submission.onSubmit(
      () => true,
      async () => {
        await unwrap(api.POST('/user/privacy/erasure-request'));
        setConfirming(false);
        status.reload();
        return t`We have your request. Our staff will erase your personal data and let you know.`;
      },
    );

  return (
    <Page title={t`Your personal data`} lead={t`Under Hong Kong's Personal Data (Privacy) Ordinance you may see the data we hold about you and ask us to erase it.`}>
      <Section title={t`Download your data`}>
        <p>{t`Your account, reservations, payments, wallet, feedback and messages to us.`}</p>
        <div className="actions">
          <DownloadButton
            label={t`Download as JSON`}
            failure={t`Your data could not be downloaded.`}
            load={() => downloadedFile(api.GET('/user/privacy/export', { parseAs: 'blob' }), 'my-data.json')}
          />
          <DownloadButton
            label={t`Download as CSV`}
            failure={t`Your data could not be downloaded.`}
            load={() => downloadedFile(api.GET('/user/privacy/export.csv', { parseAs: 'blob' }), 'my-data.csv')}
          />
        </div>
      </Section>
      <SavedCardsSection />
      <Section title={t`Text messages`}>
        <p>{t`SMS or WhatsApp for messages about your bookings, and whether we may send you marketing messages.`}</p>
        <a className="button" href={href('message-preferences')}>
          {t`Choose how we text you`}
        </a>
      </Section>
      <Section title={t`Erase your data`}>
        <ReadStatus read={status} loading={t`Loading…`} failureText={failureText} />
        {status.status === 'ready' &&
          (status.data.erasureRequestedAt ? (
              <p role="status">{t`You asked us to erase your data on ${dateTime(status.data.erasureRequestedAt)}. Our staff will carry it out.`}</p>
            ) : (
              <>
                <p>
                  {t`We erase your name, contact details, notes and messages. Records of payments stay, without your name, for seven years as Hong Kong law requires. You will no longer be able to log in.`}
                </p>
                {confirming ? (
                  <form noValidate onSubmit={askErasure()}>
                    <p>
                      <strong>{t`Are you sure? This cannot be undone once carried out.`}</strong>
                    </p>
                    <div className="actions">
                      <button type="submit" className="button button--primary" disabled={submission.sending}>
                        {submission.sending ? t`Sending…` : t`Yes, erase my data`}
                      </button>
                      <button type="button" className="button" onClick={() => setConfirming(false)}>
                        {t`Keep my data`}
                      </button>
                    </div>
                  </form>
                ) : (
                  <button type="button" className="button" onClick={() => setConfirming(true)}>
                    {t`Ask us to erase my data`}
                  </button>
                )}
              </>
            ))}
        <FormMessage error={submission.error} success={submission.success} />
      </Section>
    </Page>
  );
}
