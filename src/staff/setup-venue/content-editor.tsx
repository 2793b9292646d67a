/**
 * A venue's texts in each language and its contacts (docs/PRODUCT.md §2). English is required; a field left empty
 * in another language is shown to guests in English and marked here as missing. Published through the
 * set-up edit chart; texts change no booking, so the preview lists none.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { components } from '../../../common/api/schema';
import { unwrap } from '../../../common/api/api-error';
import { LOCALES, type Locale } from '../../../common/locales';
import { VENUE_TEXT_FIELDS, venueContentSchema, type VenueTextField } from '../../../common/validation/venue-setup-validation';
import { LANGUAGE_NAMES } from '../../i18n/i18n';
import { staffApi } from '../staff-api';
import { SetupEditPanel } from '../setup/setup-edit-panel';
import { useSetupEdit } from '../setup/use-setup-edit';

type VenueContent = components['schemas']['VenueContent'];
type Texts = components['schemas']['VenueTexts'];
type Draft = { texts: Record<string, Texts>; reservationsPhone: string; reservationsEmail: string };

export function ContentEditor({ venueId, stored, onReload }: { venueId: string; stored: VenueContent; onReload: () => void }) {
  const { t } = useLingui();
  const [locale, setLocale] = useState<Locale>('en');
  const initial: Draft = { texts: stored.texts, reservationsPhone: stored.reservationsPhone, reservationsEmail: stored.reservationsEmail };
  const { actor, snapshot } = useSetupEdit<Draft>(
    async ({ version, draft }, preview) => {
      // Texts and contacts move no booking: there is nothing to ask the server before publishing.
      if (preview) return { version, affected: [] };
      const body = { version, ...draft, texts: draft.texts as components['schemas']['VenueContentChange']['texts'] };
      const { data } = await unwrap(staffApi.PUT('/admin/setup/venue/{venueId}/content', { params: { path: { venueId } }, body }));
      return { version: data.version, affected: [] };
    },
    { version: stored.version, draft: initial },
    { schema: venueContentSchema },
  );
  const send = actor.send;
  const draft = snapshot.context.draft as Draft;
  const texts = draft.texts[locale] ?? { title: null, description: null, introduction: null, address: null };
  const english = draft.texts.en!;
  const labels: Record<VenueTextField, string> = { title: t`Name`, description: t`Description`, introduction: t`Introduction`, address: t`Address` };
  const setText = (field: VenueTextField, value: string) =>
    send({ type: 'draft.change', draft: { ...draft, texts: { ...draft.texts, [locale]: { ...texts, [field]: value } } } });

  return (
    <form
      noValidate
      aria-label={t`Texts and contacts`}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'draft.check' });
      }}
    >
      <fieldset disabled={!snapshot.matches('draft')} className="setup-fieldset">
        <label className="field">
          <span className="field__label">{t`Language`}</span>
          <select value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
                {l !== 'en' && stored.missing[l]?.length ? ` (${t`${stored.missing[l].length} missing`})` : ''}
              </option>
            ))}
          </select>
        </label>
        {VENUE_TEXT_FIELDS.map((field) => {
          const missing = locale !== 'en' && !texts[field];
          const Control = field === 'introduction' ? 'textarea' : 'input';
          return (
            <label key={field} className="field">
              <span className="field__label">{labels[field]}</span>
              {missing && <span className="field__hint">{t`Missing: guests read the English, "${english[field] ?? ''}"`}</span>}
              <Control value={texts[field] ?? ''} onChange={(e) => setText(field, e.target.value)} required={locale === 'en'} />
            </label>
          );
        })}
        <label className="field">
          <span className="field__label">{t`Reservations phone`}</span>
          <input type="tel" value={draft.reservationsPhone} onChange={(e) => send({ type: 'draft.change', draft: { ...draft, reservationsPhone: e.target.value } })} />
        </label>
        <label className="field">
          <span className="field__label">{t`Reservations e-mail`}</span>
          <input type="email" value={draft.reservationsEmail} onChange={(e) => send({ type: 'draft.change', draft: { ...draft, reservationsEmail: e.target.value } })} />
        </label>
      </fieldset>
      <SetupEditPanel actor={actor} snapshot={snapshot} checkLabel={t`Check the change`} onReload={onReload} />
    </form>
  );
}
