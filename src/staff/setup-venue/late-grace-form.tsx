/**
 * The host stand's late grace (docs/PRODUCT.md §6): how many minutes past its start a party that has not
 * arrived reads as late on the floor and the list. Checked with the server's valibot schema, then by the
 * server's preview (no booking is changed), and published through the set-up edit chart on the venue's
 * version, as the booking windows are.
 */
import { useLingui } from '@lingui/react/macro';
import type { components } from '../../../common/api/schema';
import { unwrap } from '../../../common/api/api-error';
import { LATE_GRACE_MAX_MINUTES, lateGraceSchema } from '../../../common/validation/host-stand-validation';
import { staffApi } from '../staff-api';
import { SetupEditPanel } from '../setup/setup-edit-panel';
import { useSetupEdit } from '../setup/use-setup-edit';

type VenueContent = components['schemas']['VenueContent'];
/** The box as typed: a number only once checked, so a half-typed one stays as it is. */
type Draft = { lateGraceMinutes: string };

const asNumbers = (draft: Draft) => ({ lateGraceMinutes: draft.lateGraceMinutes === '' ? NaN : Number(draft.lateGraceMinutes) });

export function LateGraceForm({ venueId, stored, onReload }: { venueId: string; stored: VenueContent; onReload: () => void }) {
  const { t } = useLingui();
  const { actor, snapshot } = useSetupEdit<Draft>(
    async ({ version, draft }, preview) => {
      const query = { preview: preview ? ('true' as const) : ('false' as const) };
      return (await unwrap(staffApi.PUT('/admin/venue/{venueId}/late-grace', { params: { path: { venueId }, query }, body: { version, ...asNumbers(draft) } }))).data;
    },
    { version: stored.version, draft: { lateGraceMinutes: String(stored.lateGraceMinutes) } },
    { schema: lateGraceSchema, asInput: asNumbers },
  );
  const draft = snapshot.context.draft as Draft;
  return (
    <form
      noValidate
      aria-label={t`Late grace`}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'draft.check' });
      }}
    >
      <fieldset disabled={!snapshot.matches('draft')} className="setup-fieldset">
        <label className="field">
          <span className="field__label">{t`Minutes before a party is late`}</span>
          <span className="field__hint">{t`The host stand marks a party late once this many minutes past its booked time have gone and it has not arrived. From 0 to 120; 15 unless set.`}</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={LATE_GRACE_MAX_MINUTES}
            value={draft.lateGraceMinutes}
            onChange={(e) => actor.send({ type: 'draft.change', draft: { lateGraceMinutes: e.target.value } })}
          />
        </label>
      </fieldset>
      <SetupEditPanel actor={actor} snapshot={snapshot} checkLabel={t`Check the change`} onReload={onReload} />
    </form>
  );
}
