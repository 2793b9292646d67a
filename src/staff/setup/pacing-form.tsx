/**
 * A venue's pacing: for each service, at most how many covers may start per slot interval and per
 * service (empty: no limit). Checked with the server's valibot schema, previewed with the bookings a new
 * limit puts over it (listed for staff to contact) and published through the set-up edit chart.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { unwrap } from '../../../common/api/api-error';
import { pacingSchema, type PacingInput } from '../../../common/validation/setup-validation';
import { staffApi } from '../staff-api';
import { SetupEditPanel } from './setup-edit-panel';
import { setupMessage } from './setup-messages';
import { useSetupEdit } from './use-setup-edit';
import type { PacingRules } from './use-setup-reads';

type Row = { slot: string; service: string };

export function PacingForm({ venueId, pacing, onReload }: { venueId: string; pacing: PacingRules; onReload(): void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const ruleOf = (name: string) => pacing.rules.find((r) => r.periodName === name);
  const [rows, setRows] = useState<Record<string, Row>>(() =>
    Object.fromEntries(pacing.services.map((name) => [name, { slot: String(ruleOf(name)?.maxCoversPerSlot ?? ''), service: String(ruleOf(name)?.maxCoversPerService ?? '') }])),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const { actor, snapshot } = useSetupEdit(
    async ({ draft, version }, preview) =>
      (await unwrap(staffApi.PUT('/admin/venue/{venueId}/pacing', { params: { path: { venueId }, query: { preview: preview ? 'true' : 'false' } }, body: { ...(draft as Pick<PacingInput, 'rules'>), version } })))
        .data,
    { version: pacing.version, draft: { rules: pacing.rules } },
  );
  const toNumber = (text: string) => (text.trim() === '' ? null : Number(text));

  function change(next: Record<string, Row>) {
    setRows(next);
    const rules = Object.entries(next)
      .filter(([, row]) => row.slot.trim() !== '' || row.service.trim() !== '')
      .map(([periodName, row]) => ({ periodName, maxCoversPerSlot: toNumber(row.slot), maxCoversPerService: toNumber(row.service) }));
    const parsed = v.safeParse(pacingSchema, { rules, version: pacing.version });
    setProblem(parsed.success ? null : i18n._(setupMessage(parsed.issues[0]!.message)));
    if (parsed.success) actor.send({ type: 'draft.change', draft: { rules: parsed.output.rules } });
  }

  return (
    <form className="staff-closure-form" aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => e.preventDefault()}>
      <h2 id={`${id}-title`}>
        <Trans>Pacing</Trans>
      </h2>
      <p className="staff-hint">
        <Trans>At most so many covers may start in one slot, or in the whole service. Leave a box empty for no limit.</Trans>
      </p>
      {pacing.services.map((name) => (
        <fieldset key={name} className="staff-scope" disabled={!snapshot.matches('draft')}>
          <legend>{i18n._(name)}</legend>
          <label className="staff-scope__field">
            <Trans>Covers per slot</Trans>
            <input type="number" min={1} inputMode="numeric" value={rows[name]!.slot} onChange={(e) => change({ ...rows, [name]: { ...rows[name]!, slot: e.target.value } })} />
          </label>
          <label className="staff-scope__field">
            <Trans>Covers per service</Trans>
            <input type="number" min={1} inputMode="numeric" value={rows[name]!.service} onChange={(e) => change({ ...rows, [name]: { ...rows[name]!, service: e.target.value } })} />
          </label>
        </fieldset>
      ))}
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : (
        <SetupEditPanel actor={actor} snapshot={snapshot} checkLabel={t`Check the pacing`} onReload={onReload} />
      )}
    </form>
  );
}
