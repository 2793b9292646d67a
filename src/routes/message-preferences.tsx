/**
 * How the signed-in guest takes text messages (docs/PRODUCT.md §4, no-shows): SMS or WhatsApp for the
 * messages about their bookings (the confirmation, the reminder, the ask to reconfirm), which need no
 * consent, and marketing messages, which need their own, off until the guest gives it.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { unwrap } from '../../common/api/api-error';
import type { Schemas } from '../../common/api/schemas';
import { api } from '../api/api';
import { messagePreferencesKey } from '../api/query-keys';
import { useApiQuery } from '../api/use-api-query';
import { FormMessage, SubmitButton } from '../components/form';
import { Page } from '../components/page';
import { ReadStatus } from '../components/read-status';
import { useSubmission } from '../components/use-submission';
import { useFailureText } from '../i18n/message-text';
import { href } from '../navigation/navigator';
import type { PageProps } from '../navigation/routes';
import { useSessionUser } from '../session/session-provider';

type Preferences = Schemas['MessagePreferences'];

function PreferencesForm({ stored, onSaved }: { stored: Preferences; onSaved: () => void }) {
  const { t } = useLingui();
  const [choice, setChoice] = useState<Preferences>(stored);
  const submission = useSubmission();
  const submit = submission.onSubmit(
    () => choice,
    async (body) => {
      const saved = (await unwrap(api.PUT('/user/message-preferences', { body }))).data;
      onSaved();
      const channel = saved.channel === 'WHATSAPP' ? t`WhatsApp` : t`SMS`;
      return saved.marketing
        ? t`Saved. Booking messages come by ${channel}; you will also receive news and offers.`
        : t`Saved. Booking messages come by ${channel}; you will receive no marketing messages.`;
    },
  );
  const channelOption = (value: Preferences['channel'], label: string) => (
    <label className="checkbox">
      <input type="radio" name="message-channel" value={value} checked={choice.channel === value} onChange={() => setChoice({ ...choice, channel: value })} />
      <span>{label}</span>
    </label>
  );
  return (
    <form noValidate onSubmit={submit}>
      <fieldset className="field choice-group">
        <legend className="field__label">{t`Send messages about my bookings by`}</legend>
        <p className="field__hint">{t`Your confirmation, reminder and the request to reconfirm, to your mobile number. These need no consent.`}</p>
        <div className="choice-group__options">
          {channelOption('SMS', t`Text message (SMS)`)}
          {channelOption('WHATSAPP', t`WhatsApp`)}
        </div>
      </fieldset>
      <fieldset className="field choice-group">
        <legend className="field__label">{t`Marketing`}</legend>
        <label className="checkbox">
          <input type="checkbox" checked={choice.marketing} onChange={(e) => setChoice({ ...choice, marketing: e.target.checked })} />
          <span>{t`Yes, send me the club's news and offers by text message. I can withdraw this here at any time.`}</span>
        </label>
      </fieldset>
      <FormMessage error={submission.error} success={submission.success} />
      <SubmitButton label={t`Save`} busyLabel={t`Saving…`} busy={submission.sending} />
    </form>
  );
}

export default function MessagePreferencesPage(_props: PageProps) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const userId = useSessionUser()?._id ?? '';
  const read = useApiQuery(messagePreferencesKey(userId), () => unwrap(api.GET('/user/message-preferences')).then((body) => body.data));
  return (
    <Page title={t`Text messages`} lead={t`Choose how we text you about your bookings, and whether we may send you marketing messages.`}>
      <ReadStatus read={read} loading={t`Loading…`} failureText={failureText} />
      {/* Kept once read: a save reloads the read behind the form, which stays as the guest left it. */}
      {read.status === 'ready' && <PreferencesForm stored={read.data} onSaved={read.reload} />}
      <p>
        <a href={href('my-data')}>{t`Your personal data`}</a>
      </p>
    </Page>
  );
}
