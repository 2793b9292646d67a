/**
 * How many days ahead guests and members may book at a venue (docs/PRODUCT.md §6: members can book further ahead
 * than guests). Checked with the server's valibot schema, then by the server's preview (windows only limit
 * new bookings, so none is listed), and published through the set-up edit chart on the venue's version,
 * the same one its texts are changed from.
 */
import { useLingui } from '@lingui/react/macro';
import type { components } from '../../../common/api/schema';
import { unwrap } from '../../../common/api/api-error';
import { bookingWindowsSchema } from '../../../common/validation/booking-windows-validation';
import { staffApi } from '../staff-api';
import { SetupEditPanel } from '../setup/setup-edit-panel';
import { useSetupEdit } from '../setup/use-setup-edit';

type VenueContent = components['schemas']['VenueContent'];
/** The boxes as typed: a number only once checked, so a half-typed one stays as it is. */
type Draft = { guestBookingDays: string; memberBookingDays: string };

const asNumbers = (draft: Draft) => ({ guestBookingDays: Number(draft.guestBookingDays || NaN), memberBookingDays: Number(draft.memberBookingDays || NaN) });

export function BookingWindowsForm({ venueId, stored, onReload }: { venueId: string; stored: VenueContent; onReload: () => void }) {
  const { t } = useLingui();
  const initial: Draft = { guestBookingDays: String(stored.bookingWindows.guestBookingDays), memberBookingDays: String(stored.bookingWindows.memberBookingDays) };
  const { actor, snapshot } = useSetupEdit<Draft>(
    async ({ version, draft }, preview) => {
      const body = { version, ...asNumbers(draft) };
      const query = { preview: preview ? ('true' as const) : ('false' as const) };
      return (await unwrap(staffApi.PUT('/admin/venue/{venueId}/booking-windows', { params: { path: { venueId }, query }, body }))).data;
    },
    { version: stored.version, draft: initial },
    { schema: bookingWindowsSchema, asInput: asNumbers },
  );
  const send = actor.send;
  const draft = snapshot.context.draft as Draft;
  const field = (key: keyof Draft, label: string, hint: string) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <span className="field__hint">{hint}</span>
      <input type="number" inputMode="numeric" min={1} max={366} value={draft[key]} onChange={(e) => send({ type: 'draft.change', draft: { ...draft, [key]: e.target.value } })} />
    </label>
  );

  return (
    <form
      noValidate
      aria-label={t`Booking windows`}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'draft.check' });
      }}
    >
      <fieldset disabled={!snapshot.matches('draft')} className="setup-fieldset">
        {field('guestBookingDays', t`Days ahead guests may book`, t`From 1 to 366 days.`)}
        {field('memberBookingDays', t`Days ahead members may book`, t`Never fewer than guests: members can book further ahead.`)}
      </fieldset>
      <SetupEditPanel actor={actor} snapshot={snapshot} checkLabel={t`Check the change`} onReload={onReload} />
    </form>
  );
}
