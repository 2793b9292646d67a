/**
 * A venue's pay-link settings (docs/PRODUCT.md §6, pay by link; decision 0036): how many hours a phone
 * booking's payment link stays open (never past the booking's start), and whether an unpaid booking is
 * released at the lapse or kept as owed at the venue. Checked with the server's valibot schema, saved with
 * PUT /admin/venue/{venueId}/pay-link (audited); they apply to links sent from then on.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import * as v from 'valibot';
import { unwrap } from '../../../common/api/api-error';
import type { Schemas } from '../../../common/api/schemas';
import { payLinkSettingsSchema } from '../../../common/validation/pay-link-validation';
import { staffVenueSetupKey } from '../../api/query-keys';
import { useApiQuery } from '../../api/use-api-query';
import { FormMessage, SelectField, TextField } from '../../components/form';
import { ReadStatus } from '../../components/read-status';
import { useFailureText, useMessageText } from '../../i18n/message-text';
import { staffApi } from '../staff-api';

type Settings = Schemas['PayLinkSettings'];

export function PayLinkForm({ venueId }: { venueId: string }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const read = useApiQuery(
    staffVenueSetupKey(venueId, 'pay-link'),
    async () => (await unwrap(staffApi.GET('/admin/venue/{venueId}/pay-link', { params: { path: { venueId } } }))).data,
    { showError: false },
  );
  return (
    <>
      <ReadStatus read={read} loading={t`Loading…`} failureText={failureText} />
      {read.status === 'ready' && <SettingsForm key={JSON.stringify(read.data)} venueId={venueId} stored={read.data} onSaved={read.reload} />}
    </>
  );
}

function SettingsForm({ venueId, stored, onSaved }: { venueId: string; stored: Settings; onSaved: () => void }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const message = useMessageText();
  const [hours, setHours] = useState(String(stored.lapseHours));
  const [onLapse, setOnLapse] = useState<Settings['onLapse']>(stored.onLapse);
  const [outcome, setOutcome] = useState<{ error?: string; success?: string; hoursError?: string }>({});
  const [saving, setSaving] = useState(false);

  async function save() {
    const checked = v.safeParse(payLinkSettingsSchema, { lapseHours: Number(hours || NaN), onLapse });
    if (!checked.success) {
      setOutcome({ hoursError: message(checked.issues[0]!.message) });
      return;
    }
    setSaving(true);
    try {
      await unwrap(staffApi.PUT('/admin/venue/{venueId}/pay-link', { params: { path: { venueId } }, body: checked.output }));
      setOutcome({ success: t`Saved: links sent from now on follow these settings.` });
      onSaved();
    } catch (error) {
      setOutcome({ error: failureText(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      aria-label={t`Payment links for phone bookings`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className="muted">{t`A phone booking whose experience asks for a deposit or prepayment is sent a link to pay it by e-mail and SMS.`}</p>
      <fieldset disabled={saving} className="setup-fieldset">
        <TextField
          label={t`Hours the link stays open`}
          hint={t`From 1 to 168 hours; never past the booking's start.`}
          type="number"
          inputMode="numeric"
          min={1}
          max={168}
          value={hours}
          error={outcome.hoursError}
          onChange={(e) => setHours(e.target.value)}
        />
        <SelectField label={t`Unpaid when the link lapses`} value={onLapse} onChange={(e) => setOnLapse(e.target.value as Settings['onLapse'])}>
          <option value="KEEP_OWED">{t`Keep the booking, owed at the venue`}</option>
          <option value="RELEASE">{t`Release the table (cancel as unpaid)`}</option>
        </SelectField>
      </fieldset>
      <FormMessage error={outcome.error ?? null} success={outcome.success ?? null} />
      <button type="submit" className="button button--primary" disabled={saving}>
        {t`Save`}
      </button>
    </form>
  );
}
