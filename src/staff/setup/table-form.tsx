/**
 * Adding a table to a dining area, or changing one: name, covers, who may book it, combine group, and
 * (a table already there) whether it is in use. A new table is placed at the top left of the plan, to be
 * dragged where it stands; a changed one keeps its place. Checked with the same valibot schema as the
 * server, then previewed and published through the set-up edit chart.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { unwrap } from '../../../common/api/api-error';
import { TABLE_BOOKABLE, tableSchema, type TableInput } from '../../../common/validation/setup-validation';
import type { SetupTable } from './use-setup-reads';
import { staffApi } from '../staff-api';
import { SetupEditPanel } from './setup-edit-panel';
import { setupMessage } from './setup-messages';
import { useSetupEdit } from './use-setup-edit';

interface Props {
  venueId: string;
  areaId: string;
  /** The table to change; none to add one. */
  table?: SetupTable;
  onReload(): void;
}

const valuesOf = (table: SetupTable | undefined) => ({
  name: table?.name ?? '',
  minGuests: String(table?.minGuests ?? 2),
  maxGuests: String(table?.maxGuests ?? 4),
  bookable: table?.bookable ?? ('ONLINE' as TableInput['bookable']),
  combineGroup: table?.combineGroup ?? '',
  active: table?.active ?? true,
});

export function TableForm({ venueId, areaId, table, onReload }: Props) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [values, setValues] = useState(() => valuesOf(table));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const bookableLabels: Record<TableInput['bookable'], string> = { ONLINE: t`Guests online`, STAFF: t`Staff only`, WALK_IN: t`Walk-ins only` };
  const { actor, snapshot } = useSetupEdit(async ({ draft, version }, preview) => {
    const query = { preview: preview ? 'true' : 'false' } as const;
    if (!table) return (await unwrap(staffApi.POST('/admin/venue/{venueId}/table', { params: { path: { venueId }, query }, body: draft as TableInput }))).data;
    return (await unwrap(staffApi.PUT('/admin/table/{id}', { params: { path: { id: table._id }, query }, body: { ...(draft as TableInput), version } }))).data;
  }, { version: table?.version ?? 0, draft: {} });
  // A changed table keeps where it stands on the plan; a new one starts at the top left.
  const layout = table
    ? { shape: table.shape, x: table.x ?? 0, y: table.y ?? 0, width: table.width, height: table.height, rotation: table.rotation }
    : { shape: 'RECT' as const, x: 0, y: 0, width: 80, height: 80, rotation: 0 };

  /** The form's values as the call's body, or the messages of the fields that are wrong (the server's words too). */
  function change(next: typeof values) {
    setValues(next);
    const parsed = v.safeParse(tableSchema, {
      seatingAreaId: areaId,
      name: next.name,
      minGuests: Number(next.minGuests),
      maxGuests: Number(next.maxGuests),
      bookable: next.bookable,
      combineGroup: next.combineGroup.trim() || null,
      active: next.active,
      ...layout,
    });
    setProblems(parsed.success ? {} : Object.fromEntries(parsed.issues.map((i) => [String(i.path?.[0]?.key ?? ''), i18n._(setupMessage(i.message))])));
    if (parsed.success) actor.send({ type: 'draft.change', draft: parsed.output });
  }
  const field = (name: 'name' | 'minGuests' | 'maxGuests' | 'combineGroup') => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => change({ ...values, [name]: e.target.value }),
    'aria-invalid': Boolean(problems[name]) || undefined,
    'aria-describedby': problems[name] ? `${id}-${name}-error` : undefined,
    disabled: !snapshot.matches('draft'),
  });
  const error = (name: string) =>
    problems[name] ? (
      <span id={`${id}-${name}-error`} className="field__error">
        {problems[name]}
      </span>
    ) : null;
  // A change offers its check once something differs from what was read.
  const changed = !table || JSON.stringify(values) !== JSON.stringify(valuesOf(table));
  const ready = Object.keys(problems).length === 0 && values.name.trim() !== '' && changed;

  return (
    <form className="staff-closure-form" aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => e.preventDefault()}>
      <h2 id={`${id}-title`}>
        {table ? t`Change table ${table.name}` : t`Add a table`}
      </h2>
      <label className="staff-scope__field">
        <Trans>Table name</Trans>
        <input type="text" maxLength={40} {...field('name')} />
      </label>
      {error('name')}
      <div className="staff-scope">
        <label className="staff-scope__field">
          <Trans>Fewest guests</Trans>
          <input type="number" min={1} max={40} inputMode="numeric" {...field('minGuests')} />
        </label>
        {error('minGuests')}
        <label className="staff-scope__field">
          <Trans>Most guests</Trans>
          <input type="number" min={1} max={40} inputMode="numeric" {...field('maxGuests')} />
        </label>
        {error('maxGuests')}
      </div>
      <fieldset className="staff-closure-form__choice">
        <legend>
          <Trans>Who may book it</Trans>
        </legend>
        {TABLE_BOOKABLE.map((value) => (
          <label key={value}>
            <input type="radio" name={`${id}-bookable`} value={value} checked={values.bookable === value} disabled={!snapshot.matches('draft')} onChange={() => change({ ...values, bookable: value })} />{' '}
            {bookableLabels[value]}
          </label>
        ))}
      </fieldset>
      <label className="staff-scope__field">
        <Trans>Combine group (tables of one group are joined for larger parties; optional)</Trans>
        <input type="text" maxLength={20} {...field('combineGroup')} />
      </label>
      {error('combineGroup')}
      {table && (
        <label>
          <input type="checkbox" checked={values.active} disabled={!snapshot.matches('draft')} onChange={(e) => change({ ...values, active: e.target.checked })} />{' '}
          <Trans>In use (a table not in use is never offered)</Trans>
        </label>
      )}
      {ready || !snapshot.matches('draft') ? (
        <SetupEditPanel actor={actor} snapshot={snapshot} checkLabel={table ? t`Check the change of the table` : t`Check the new table`} onReload={onReload} />
      ) : null}
    </form>
  );
}
