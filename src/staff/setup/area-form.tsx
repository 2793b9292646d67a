/**
 * Adding a dining area to a venue, or changing one: name, description, whether only members may book
 * its tables, and (an area already there) whether it is in use. Checked with the server's valibot schema,
 * then previewed (a closed area leaves its bookings without a table, listed for staff to contact) and
 * published through the set-up edit chart.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { unwrap } from '../../../common/api/api-error';
import { areaSchema, type AreaInput } from '../../../common/validation/setup-validation';
import { staffApi } from '../staff-api';
import { SetupEditPanel } from './setup-edit-panel';
import { setupMessage } from './setup-messages';
import { useSetupEdit } from './use-setup-edit';
import type { Floor } from './use-setup-reads';

type SetupArea = Floor['areas'][number];

const valuesOf = (area: SetupArea | undefined): AreaInput & { membersOnly: boolean } => ({
  name: area?.name ?? '',
  description: area?.description ?? '',
  membersOnly: area?.membersOnly ?? false,
  active: area?.active ?? true,
});

export function AreaForm({ venueId, area, onReload }: { venueId: string; area?: SetupArea; onReload(): void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [values, setValues] = useState(() => valuesOf(area));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const { actor, snapshot } = useSetupEdit(async ({ draft, version }, preview) => {
    const query = { preview: preview ? 'true' : 'false' } as const;
    if (!area) return (await unwrap(staffApi.POST('/admin/venue/{venueId}/area', { params: { path: { venueId }, query }, body: draft as AreaInput }))).data;
    return (await unwrap(staffApi.PUT('/admin/area/{id}', { params: { path: { id: area._id }, query }, body: { ...(draft as AreaInput), version } }))).data;
  }, { version: area?.version ?? 0, draft: {} });
  const editing = snapshot.matches('draft');

  function change(next: typeof values) {
    setValues(next);
    const parsed = v.safeParse(areaSchema, next);
    setProblems(parsed.success ? {} : Object.fromEntries(parsed.issues.map((i) => [String(i.path?.[0]?.key ?? ''), i18n._(setupMessage(i.message))])));
    if (parsed.success) actor.send({ type: 'draft.change', draft: parsed.output });
  }
  const problem = (name: 'name' | 'description') => ({
    'aria-invalid': Boolean(problems[name]) || undefined,
    'aria-describedby': problems[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: 'name' | 'description') =>
    problems[name] ? (
      <span id={`${id}-${name}-error`} className="field__error">
        {problems[name]}
      </span>
    ) : null;
  const changed = JSON.stringify(values) !== JSON.stringify(valuesOf(area));
  const ready = Object.keys(problems).length === 0 && values.name.trim() !== '' && changed;

  return (
    <form className="staff-closure-form" aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => e.preventDefault()}>
      <h2 id={`${id}-title`}>{area ? t`Change the area ${i18n._(area.name)}` : t`Add a dining area`}</h2>
      <label className="staff-scope__field">
        <Trans>Area name</Trans>
        <input type="text" maxLength={40} value={values.name} disabled={!editing} onChange={(e) => change({ ...values, name: e.target.value })} {...problem('name')} />
      </label>
      {error('name')}
      <label className="staff-scope__field">
        <Trans>Description guests read (optional)</Trans>
        <textarea rows={2} maxLength={300} value={values.description} disabled={!editing} onChange={(e) => change({ ...values, description: e.target.value })} {...problem('description')} />
      </label>
      {error('description')}
      <label>
        <input type="checkbox" checked={values.membersOnly} disabled={!editing} onChange={(e) => change({ ...values, membersOnly: e.target.checked })} />{' '}
        <Trans>Members only (only members may book its tables)</Trans>
      </label>
      {area && (
        <label>
          <input type="checkbox" checked={values.active} disabled={!editing} onChange={(e) => change({ ...values, active: e.target.checked })} />{' '}
          <Trans>In use (the tables of an area not in use are never offered)</Trans>
        </label>
      )}
      {ready || !editing ? (
        <SetupEditPanel actor={actor} snapshot={snapshot} checkLabel={area ? t`Check the change of the area` : t`Check the new area`} onReload={onReload} />
      ) : null}
    </form>
  );
}
