/**
 * A venue's turn times: how long a party of so many guests sits, in one service or in any. Each row is a
 * rule; the first that fits a party is used. Checked with the server's valibot schema, previewed with the
 * bookings a longer sitting leaves without a table (listed for staff to contact) and published through
 * the set-up edit chart.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { unwrap } from '../../../common/api/api-error';
import { turnTimesSchema, type TurnTimesInput } from '../../../common/validation/setup-validation';
import { staffApi } from '../staff-api';
import { SetupEditPanel } from './setup-edit-panel';
import { setupMessage } from './setup-messages';
import { useSetupEdit } from './use-setup-edit';
import type { TurnTimeRules } from './use-setup-reads';

type Row = { key: number; service: string; minGuests: string; maxGuests: string; minutes: string };
type Rules = TurnTimesInput['rules'];

const rowOf = (rule: Rules[number], key: number): Row => ({
  key,
  service: rule.periodName ?? '',
  minGuests: String(rule.minGuests),
  maxGuests: String(rule.maxGuests),
  minutes: String(rule.minutes),
});

interface Props {
  venueId: string;
  /** The venue's services by name, each of which may have turn times of its own. */
  services: readonly string[];
  turnTimes: TurnTimeRules;
  onReload(): void;
}

export function TurnTimesForm({ venueId, services, turnTimes, onReload }: Props) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [rows, setRows] = useState<Row[]>(() => turnTimes.rules.map(rowOf));
  const [problem, setProblem] = useState<string | null>(null);
  const { actor, snapshot } = useSetupEdit(
    async ({ draft, version }, preview) =>
      (
        await unwrap(
          staffApi.PUT('/admin/venue/{venueId}/turn-times', { params: { path: { venueId }, query: { preview: preview ? 'true' : 'false' } }, body: { ...(draft as { rules: Rules }), version } }),
        )
      ).data,
    { version: turnTimes.version, draft: { rules: turnTimes.rules } },
  );
  const editing = snapshot.matches('draft');

  function change(next: Row[]) {
    setRows(next);
    const rules = next.map((row) => ({ periodName: row.service || null, minGuests: Number(row.minGuests), maxGuests: Number(row.maxGuests), minutes: Number(row.minutes) }));
    const parsed = v.safeParse(turnTimesSchema, { rules, version: turnTimes.version });
    setProblem(parsed.success ? null : i18n._(setupMessage(parsed.issues[0]!.message)));
    if (parsed.success) actor.send({ type: 'draft.change', draft: { rules: parsed.output.rules } });
  }
  const update = (key: number, field: keyof Omit<Row, 'key'>, value: string) => change(rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const nextKey = () => Math.max(0, ...rows.map((row) => row.key + 1), turnTimes.rules.length);

  return (
    <form className="staff-closure-form" aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => e.preventDefault()}>
      <h2 id={`${id}-title`}>
        <Trans>Turn times</Trans>
      </h2>
      <p className="staff-hint">
        <Trans>How long a party sits, by its size and service. The first rule that fits a party is used; with none, the service's usual time.</Trans>
      </p>
      {rows.map((row, at) => (
        <fieldset key={row.key} className="staff-scope" disabled={!editing}>
          <legend>{t`Rule ${at + 1}`}</legend>
          <label className="staff-scope__field">
            <Trans>Service</Trans>
            <select value={row.service} onChange={(e) => update(row.key, 'service', e.target.value)}>
              <option value="">{t`Any service`}</option>
              {services.map((name) => (
                <option key={name} value={name}>
                  {i18n._(name)}
                </option>
              ))}
            </select>
          </label>
          <label className="staff-scope__field">
            <Trans>From guests</Trans>
            <input type="number" min={1} max={40} inputMode="numeric" value={row.minGuests} onChange={(e) => update(row.key, 'minGuests', e.target.value)} />
          </label>
          <label className="staff-scope__field">
            <Trans>To guests</Trans>
            <input type="number" min={1} max={40} inputMode="numeric" value={row.maxGuests} onChange={(e) => update(row.key, 'maxGuests', e.target.value)} />
          </label>
          <label className="staff-scope__field">
            <Trans>Minutes</Trans>
            <input type="number" min={15} max={600} step={15} inputMode="numeric" value={row.minutes} onChange={(e) => update(row.key, 'minutes', e.target.value)} />
          </label>
          <button type="button" className="button button--secondary" onClick={() => change(rows.filter((r) => r.key !== row.key))}>
            {t`Remove rule ${at + 1}`}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className="button button--secondary"
        disabled={!editing}
        onClick={() => change([...rows, { key: nextKey(), service: '', minGuests: '1', maxGuests: '2', minutes: '90' }])}
      >
        <Trans>Add a rule</Trans>
      </button>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : (
        <SetupEditPanel actor={actor} snapshot={snapshot} checkLabel={t`Check the turn times`} onReload={onReload} />
      )}
    </form>
  );
}
