/**
 * Adding a table to a dining area: name, covers, who may book it, combine group; it is placed at the
 * top left of the plan, to be dragged where it stands. Checked with the same valibot schema as the
 * server, then previewed and published through the set-up edit chart.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { unwrap } from '../../../common/api/api-error';
import { TABLE_BOOKABLE, tableSchema, type TableInput } from '../../../common/validation/setup-validation';
import { staffApi } from '../staff-api';
import { SetupEditPanel } from './setup-edit-panel';
import { setupMessage } from './setup-messages';
import { useSetupEdit } from './use-setup-edit';

interface Props {
  venueId: string;
  areaId: string;
  onReload(): void;
}

export function TableForm({ venueId, areaId, onReload }: Props) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [values, setValues] = useState({ name: '', minGuests: '2', maxGuests: '4', bookable: 'ONLINE' as TableInput['bookable'], combineGroup: '' });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const bookableLabels: Record<TableInput['bookable'], string> = { ONLINE: t`Guests online`, STAFF: t`Staff only`, WALK_IN: t`Walk-ins only` };
  const { actor, snapshot } = useSetupEdit(
    async ({ draft }, preview) =>
      (await unwrap(staffApi.POST('/admin/venue/{venueId}/table', { params: { path: { venueId }, query: { preview: preview ? 'true' : 'false' } }, body: draft as TableInput }))).data,
    { version: 0, draft: {} },
  );

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
      active: true,
      shape: 'RECT',
      x: 0,
      y: 0,
      width: 80,
      height: 80,
      rotation: 0,
    });
    setProblems(parsed.success ? {} : Object.fromEntries(parsed.issues.map((i) => [String(i.path?.[0]?.key ?? ''), i18n._(setupMessage(i.message))])));
    if (parsed.success) actor.send({ type: 'draft.change', draft: parsed.output });
  }
  const field = (name: keyof typeof values) => ({
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
  const ready = Object.keys(problems).length === 0 && values.name.trim() !== '';

  return (
    <form className="staff-closure-form" aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => e.preventDefault()}>
      <h2 id={`${id}-title`}>
        <Trans>Add a table</Trans>
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
      {ready || !snapshot.matches('draft') ? (
        <SetupEditPanel actor={actor} snapshot={snapshot} checkLabel={t`Check the new table`} onReload={onReload} />
      ) : null}
    </form>
  );
}
