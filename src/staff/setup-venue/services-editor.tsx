/**
 * A venue's services as the admin edits them (docs/PRODUCT.md §2): name, days, first and last seating, end, slot
 * interval, valid days, and whether only members may book them (member-only times, docs/PRODUCT.md §6). The
 * hours guests read are derived from these on the server, in every language; nothing here is typed
 * twice. Published through the set-up edit chart.
 */
import { useLingui } from '@lingui/react/macro';
import type { components } from '../../../common/api/schema';
import { unwrap } from '../../../common/api/api-error';
import { formatTime } from '../../../common/time';
import { venueServicesSchema, type ServiceInput } from '../../../common/validation/venue-setup-validation';
import { staffApi } from '../staff-api';
import { SetupEditPanel } from '../setup/setup-edit-panel';
import { useSetupEdit } from '../setup/use-setup-edit';
import { clockValue } from './clock-value';

type VenueServices = components['schemas']['VenueServices'];
type Draft = { services: ServiceInput[] };

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
// 1 January 2024 was a Monday: ISO weekday d is 2024-01-d.
const dayName = (locale: string, day: number) => new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, day)));

/** The minute of 'HH:MM', after midnight (past 1440) when it comes before `from`: a supper's 01:00 end. */
const minutesOf = (value: string, from = 0) => {
  const [h = 0, m = 0] = value.split(':').map(Number);
  const minutes = h * 60 + m;
  return minutes < from ? minutes + 1440 : minutes;
};

export function ServicesEditor({ venueId, stored, onReload }: { venueId: string; stored: VenueServices; onReload: () => void }) {
  const { t, i18n } = useLingui();
  const { actor, snapshot } = useSetupEdit<Draft>(
    async ({ version, draft }, preview) => {
      const body = { version, ...draft };
      if (preview) return { version, ...(await unwrap(staffApi.POST('/admin/setup/venue/{venueId}/services/check', { params: { path: { venueId } }, body }))).data };
      const { data } = await unwrap(staffApi.PUT('/admin/setup/venue/{venueId}/services', { params: { path: { venueId } }, body }));
      return { version: data.version, affected: data.affected };
    },
    { version: stored.version, draft: { services: stored.services.map((s) => ({ ...s, membersOnly: s.membersOnly ?? false })) } },
    { schema: venueServicesSchema },
  );
  const send = actor.send;
  const services = (snapshot.context.draft as Draft).services;
  const editable = snapshot.matches('draft');
  const change = (index: number, patch: Partial<ServiceInput>) =>
    send({ type: 'draft.change', draft: { services: services.map((s, i) => (i === index ? { ...s, ...patch } : s)) } });

  return (
    <form
      noValidate
      aria-label={t`Services`}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'draft.check' });
      }}
    >
      <fieldset disabled={!editable} className="setup-fieldset">
        {services.map((service, index) => (
          <fieldset key={index} className="card setup-service">
            <legend>{service.name || t`New service`}</legend>
            <label className="field">
              <span className="field__label">{t`Name`}</span>
              <input value={service.name} onChange={(e) => change(index, { name: e.target.value })} />
            </label>
            <fieldset className="setup-days">
              <legend>{t`Days`}</legend>
              {DAYS.map((day) => (
                <label key={day} className="setup-day">
                  <input
                    type="checkbox"
                    checked={service.daysOfWeek.includes(day)}
                    onChange={(e) =>
                      change(index, { daysOfWeek: e.target.checked ? [...service.daysOfWeek, day].sort() : service.daysOfWeek.filter((d) => d !== day) })
                    }
                  />
                  {dayName(i18n.locale, day)}
                </label>
              ))}
            </fieldset>
            <label className="field">
              <span className="field__label">{t`First seating`}</span>
              <input type="time" value={clockValue(service.firstSeating)} onChange={(e) => change(index, { firstSeating: minutesOf(e.target.value) })} />
            </label>
            <label className="field">
              <span className="field__label">{t`Last seating`}</span>
              <input
                type="time"
                value={clockValue(service.lastSeating)}
                onChange={(e) => change(index, { lastSeating: minutesOf(e.target.value, service.firstSeating) })}
              />
            </label>
            <label className="field">
              <span className="field__label">{t`Service ends`}</span>
              <input type="time" value={clockValue(service.endsAt)} onChange={(e) => change(index, { endsAt: minutesOf(e.target.value, service.firstSeating + 1) })} />
            </label>
            <label className="field">
              <span className="field__label">{t`Slot interval (minutes)`}</span>
              <input type="number" min={5} max={240} value={service.intervalMinutes} onChange={(e) => change(index, { intervalMinutes: Number(e.target.value) })} />
            </label>
            <label className="field">
              <span className="field__label">{t`Valid from`}</span>
              <input type="date" value={service.validFrom ?? ''} onChange={(e) => change(index, { validFrom: e.target.value || null })} />
            </label>
            <label className="field">
              <span className="field__label">{t`Valid until`}</span>
              <input type="date" value={service.validUntil ?? ''} onChange={(e) => change(index, { validUntil: e.target.value || null })} />
            </label>
            <label className="setup-day">
              <input type="checkbox" checked={service.membersOnly} onChange={(e) => change(index, { membersOnly: e.target.checked })} />
              {t`Members only: guests cannot book these times and are told members can`}
            </label>
            <p className="muted">
              {t`Guests read: ${formatTime(service.firstSeating)} – ${formatTime(service.endsAt)}, last seating ${formatTime(service.lastSeating)}`}
            </p>
            <button type="button" className="button" onClick={() => send({ type: 'draft.change', draft: { services: services.filter((_, i) => i !== index) } })}>
              {t`Remove this service`}
            </button>
          </fieldset>
        ))}
        <button
          type="button"
          className="button"
          onClick={() =>
            send({
              type: 'draft.change',
              draft: { services: [...services, { name: '', daysOfWeek: [], firstSeating: 720, lastSeating: 840, endsAt: 900, intervalMinutes: 15, validFrom: null, validUntil: null, membersOnly: false }] },
            })
          }
        >
          {t`Add a service`}
        </button>
      </fieldset>
      <SetupEditPanel actor={actor} snapshot={snapshot} checkLabel={t`Check the change`} onReload={onReload} />
    </form>
  );
}
