/**
 * One experience's set-up form (docs/PRODUCT.md §3, decisions 0023 and 0026): its name and description in
 * English (required) and the five other languages (left empty, guests read the English: listed as missing),
 * length, party sizes, days and services, members-only, whether it is still offered (retired, never deleted),
 * payment (deposit by party-size tier or prepayment per person), its own cancellation and no-show policy or
 * the venue's (with its late-cancellation fees by party size and its largest party, previewed as guests read
 * them), and its own booking windows or the venue's. Checked with the server's valibot schema, previewed with
 * the bookings a change leaves outside it and published through the set-up edit chart.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import * as v from 'valibot';
import type { components } from '../../../common/api/schema';
import { unwrap } from '../../../common/api/api-error';
import { parseHkd } from '../../../common/money';
import { experienceSchema, policySchema, TRANSLATED_LOCALES, type ExperienceInput } from '../../../common/validation/experience-validation';
import { staffApi } from '../staff-api';
import { experienceMessage } from './experience-messages';
import { FeeTiersFields, type TierFields } from './fee-tiers-fields';
import { PolicyPreview } from './policy-preview';
import { SetupEditPanel } from './setup-edit-panel';
import { useSetupEdit } from './use-setup-edit';

type ExperienceList = components['schemas']['ExperienceSetupList'];
type Experience = components['schemas']['ExperienceSetup'];
type Policy = components['schemas']['VenuePolicy'];

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const LANGUAGE_NAMES: Record<(typeof TRANSLATED_LOCALES)[number], string> = { ja: '日本語', ko: '한국어', th: 'ไทย', 'zh-Hans': '简体中文', 'zh-Hant': '繁體中文' };

/** The form's fields as typed: numbers and money stay text until checked. */
interface Fields {
  texts: Record<string, { name: string; description: string }>;
  duration: string;
  minGuests: string;
  maxGuests: string;
  daysOfWeek: number[];
  periodNames: string[];
  membersOnly: boolean;
  active: boolean;
  prePaymentType: ExperienceInput['prePaymentType'];
  price: string;
  serviceCharge: string;
  tax: string;
  tiers: TierFields[];
  ownPolicy: boolean;
  windowHours: string;
  feeType: Policy['cancellationFee']['type'];
  fee: string;
  noShowFee: string;
  feeTiers: TierFields[];
  largestParty: string;
  minimumSpendType: 'NONE' | 'PER_PERSON' | 'TOTAL';
  minimumSpend: string;
  guestDays: string;
  memberDays: string;
}

const money = (minor: number) => String(minor / 100);
const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const hkd = (text: string) => parseHkd(text) ?? Number.NaN;
const orNull = (text: string) => (text.trim() === '' ? null : Number(text));

function fieldsOf(list: ExperienceList, e: Experience | null): Fields {
  const policy = e?.policy ?? list.venuePolicy;
  const texts = Object.fromEntries(['en', ...TRANSLATED_LOCALES].map((l) => [l, { name: e?.texts[l]?.name ?? '', description: e?.texts[l]?.description ?? '' }]));
  return {
    texts,
    duration: String(e?.durationMinutes ?? 90),
    minGuests: String(e?.minGuests ?? 1),
    maxGuests: String(e?.maxGuests ?? 10),
    daysOfWeek: e?.daysOfWeek ?? [...WEEKDAYS],
    periodNames: e?.periodNames ?? [...list.services],
    membersOnly: e?.membersOnly ?? false,
    active: e?.active ?? true,
    prePaymentType: e?.prePaymentType ?? 'NONE',
    price: money(e?.priceAmount ?? 0),
    serviceCharge: String((e?.serviceChargePercentage ?? 0) / 10),
    tax: String((e?.taxPercentage ?? 0) / 1000),
    tiers: (e?.depositPolicy ?? []).map((t) => ({ from: String(t.minGuestCount), amount: money(t.price.amount) })),
    ownPolicy: Boolean(e?.policy),
    windowHours: String(policy.cancellationWindowHours),
    feeType: policy.cancellationFee.type,
    fee: policy.cancellationFee.type === 'PERCENTAGE' ? String(policy.cancellationFee.amount) : money(policy.cancellationFee.amount),
    noShowFee: money(policy.noShowFeePerPerson),
    feeTiers: policy.feesByPartySize.map((t) => ({ from: String(t.minGuestCount), amount: money(t.amount) })),
    // A new policy of its own starts within what the venue takes online, which the server holds it to.
    largestParty: String(e?.policy ? e.policy.maximumPartySize : Math.min(policy.maximumPartySize, list.venueOnlineMaxGuests)),
    minimumSpendType: policy.minimumSpend?.type ?? 'NONE',
    minimumSpend: money(policy.minimumSpend?.amount ?? 0),
    guestDays: e?.guestBookingDays == null ? '' : String(e.guestBookingDays),
    memberDays: e?.memberBookingDays == null ? '' : String(e.memberBookingDays),
  };
}

/** The values the schema checks, from the fields. */
function valuesOf(f: Fields): unknown {
  return {
    texts: f.texts,
    durationMinutes: number(f.duration),
    minGuests: number(f.minGuests),
    maxGuests: number(f.maxGuests),
    daysOfWeek: f.daysOfWeek,
    periodNames: f.periodNames,
    membersOnly: f.membersOnly,
    active: f.active,
    prePaymentType: f.prePaymentType,
    priceAmount: f.prePaymentType === 'PREPAYMENT' ? hkd(f.price) : 0,
    serviceChargePercentage: Math.round(number(f.serviceCharge) * 10),
    taxPercentage: Math.round(number(f.tax) * 1000),
    depositPolicy: f.prePaymentType === 'DEPOSIT' ? f.tiers.map((t) => ({ minGuestCount: number(t.from), price: { amount: hkd(t.amount) } })) : [],
    policy: f.ownPolicy ? policyValuesOf(f) : null,
    guestBookingDays: orNull(f.guestDays),
    memberBookingDays: orNull(f.memberDays),
  };
}

/** The experience's own policy's values from the fields. */
function policyValuesOf(f: Fields) {
  return {
    cancellationWindowHours: number(f.windowHours),
    cancellationFee: { type: f.feeType, amount: f.feeType === 'PERCENTAGE' ? number(f.fee) : hkd(f.fee) },
    feesByPartySize: f.feeTiers.map((t) => ({ minGuestCount: number(t.from), amount: hkd(t.amount) })),
    noShowFeePerPerson: hkd(f.noShowFee),
    minimumSpend: f.minimumSpendType === 'NONE' ? null : { type: f.minimumSpendType, amount: hkd(f.minimumSpend) },
    maximumPartySize: number(f.largestParty),
  };
}

/** The policy the preview writes the texts from: the venue's, or the experience's own once its values pass the schema. */
function previewPolicyOf(list: ExperienceList, f: Fields): Policy | null {
  if (!f.ownPolicy) return list.venuePolicy;
  const parsed = v.safeParse(policySchema, policyValuesOf(f));
  return parsed.success ? parsed.output : null;
}

export function ExperienceForm({ list, experience, onReload }: { list: ExperienceList; experience: Experience | null; onReload(): void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(list, experience));
  const [problem, setProblem] = useState<string | null>(null);

  const { actor, snapshot } = useSetupEdit(async ({ draft, version }, preview) => {
    const query = { preview: preview ? ('true' as const) : ('false' as const) };
    const body = draft as ExperienceInput;
    return experience
      ? (await unwrap(staffApi.PUT('/admin/experience/{id}', { params: { path: { id: experience._id }, query }, body: { ...body, version } }))).data
      : (await unwrap(staffApi.POST('/admin/venue/{venueId}/experience', { params: { path: { venueId: list.venueId }, query }, body }))).data;
  }, { version: experience?.version ?? 0, draft: {} });
  const editing = snapshot.matches('draft');
  const experienceName = experience?.texts.en?.name ?? '';

  function change(next: Partial<Fields>) {
    const all = { ...fields, ...next };
    setFields(all);
    const parsed = v.safeParse(experienceSchema, valuesOf(all));
    setProblem(parsed.success ? null : i18n._(experienceMessage(parsed.issues[0]!.message)));
    if (parsed.success) actor.send({ type: 'draft.change', draft: parsed.output });
  }
  const text = (locale: string, key: 'name' | 'description', value: string) => change({ texts: { ...fields.texts, [locale]: { ...fields.texts[locale]!, [key]: value } } });
  const toggle = (list: readonly (string | number)[], item: string | number) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);
  const weekday = new Intl.DateTimeFormat(i18n.locale, { weekday: 'short', timeZone: 'UTC' });
  const missing = experience?.missing ?? {};
  const numberField = (label: string, value: string, set: (value: string) => void, hint?: string) => (
    <label className="staff-scope__field">
      {label}
      <input type="text" inputMode="decimal" value={value} placeholder={hint} onChange={(e) => set(e.target.value)} />
    </label>
  );

  return (
    <form className="staff-closure-form" aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => e.preventDefault()}>
      <h3 id={`${id}-title`}>{experience ? t`Change ${experienceName}` : t`New experience`}</h3>
      <fieldset className="staff-scope" disabled={!editing}>
        <legend>
          <Trans>Name and description</Trans>
        </legend>
        <label className="staff-scope__field">
          <Trans>Name in English</Trans>
          <input value={fields.texts.en!.name} required onChange={(e) => text('en', 'name', e.target.value)} />
        </label>
        <label className="staff-scope__field">
          <Trans>Description in English</Trans>
          <textarea value={fields.texts.en!.description} required onChange={(e) => text('en', 'description', e.target.value)} />
        </label>
        {TRANSLATED_LOCALES.map((locale) => (
          <details key={locale}>
            <summary>
              <span lang={locale}>{LANGUAGE_NAMES[locale]}</span>
              {(missing[locale]?.length ?? 0) > 0 && (
                <>
                  {' '}
                  <Trans>(missing: guests read the English)</Trans>
                </>
              )}
            </summary>
            <label className="staff-scope__field">
              <Trans>Name</Trans>
              <input lang={locale} value={fields.texts[locale]!.name} onChange={(e) => text(locale, 'name', e.target.value)} />
            </label>
            <label className="staff-scope__field">
              <Trans>Description</Trans>
              <textarea lang={locale} value={fields.texts[locale]!.description} onChange={(e) => text(locale, 'description', e.target.value)} />
            </label>
          </details>
        ))}
      </fieldset>
      <fieldset className="staff-scope" disabled={!editing}>
        <legend>
          <Trans>When and for whom</Trans>
        </legend>
        {numberField(t`Length in minutes`, fields.duration, (duration) => change({ duration }))}
        {numberField(t`Fewest guests`, fields.minGuests, (minGuests) => change({ minGuests }))}
        {numberField(t`Most guests`, fields.maxGuests, (maxGuests) => change({ maxGuests }))}
        <fieldset>
          <legend>
            <Trans>Days</Trans>
          </legend>
          {WEEKDAYS.map((day) => (
            <label key={day} className="staff-check">
              <input type="checkbox" checked={fields.daysOfWeek.includes(day)} onChange={() => change({ daysOfWeek: toggle(fields.daysOfWeek, day) as number[] })} />
              {weekday.format(new Date(Date.UTC(2024, 0, day)))}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>
            <Trans>Services</Trans>
          </legend>
          {list.services.map((service) => (
            <label key={service} className="staff-check">
              <input type="checkbox" checked={fields.periodNames.includes(service)} onChange={() => change({ periodNames: toggle(fields.periodNames, service) as string[] })} />
              {i18n._(service)}
            </label>
          ))}
        </fieldset>
        <label className="staff-check">
          <input type="checkbox" checked={fields.membersOnly} onChange={(e) => change({ membersOnly: e.target.checked })} />
          <Trans>Members only</Trans>
        </label>
        <label className="staff-check">
          <input type="checkbox" checked={fields.active} onChange={(e) => change({ active: e.target.checked })} />
          <Trans>Offered to guests (untick to retire it: its bookings stand)</Trans>
        </label>
      </fieldset>
      <fieldset className="staff-scope" disabled={!editing}>
        <legend>
          <Trans>Payment</Trans>
        </legend>
        <label className="staff-scope__field">
          <Trans>Paid when booking</Trans>
          <select value={fields.prePaymentType} onChange={(e) => change({ prePaymentType: e.target.value as Fields['prePaymentType'] })}>
            <option value="NONE">{t`Nothing`}</option>
            <option value="DEPOSIT">{t`A deposit per person, by party size`}</option>
            <option value="PREPAYMENT">{t`A prepayment per person`}</option>
            <option value="GUARANTEE">{t`Nothing: a card kept for the no-show fee (card guarantee)`}</option>
          </select>
        </label>
        {fields.prePaymentType === 'GUARANTEE' && (
          <p className="staff-hint">
            <Trans>The guest saves a card and is charged nothing when booking. The no-show fee of its own policy (below) is charged to that card for a no-show or a late cancellation.</Trans>
          </p>
        )}
        {fields.prePaymentType === 'PREPAYMENT' && (
          <>
            {numberField(t`Price per person (HK$)`, fields.price, (price) => change({ price }))}
            {numberField(t`Service charge (%)`, fields.serviceCharge, (serviceCharge) => change({ serviceCharge }))}
            {numberField(t`Tax (%)`, fields.tax, (tax) => change({ tax }))}
          </>
        )}
        {fields.prePaymentType === 'DEPOSIT' && (
          <>
            {fields.tiers.map((tier, i) => (
              <div key={i} className="staff-scope__row">
                {numberField(t`From guests`, tier.from, (from) => change({ tiers: fields.tiers.map((x, j) => (j === i ? { ...x, from } : x)) }))}
                {numberField(t`Deposit per person (HK$)`, tier.amount, (amount) => change({ tiers: fields.tiers.map((x, j) => (j === i ? { ...x, amount } : x)) }))}
                <button type="button" className="button-secondary" onClick={() => change({ tiers: fields.tiers.filter((_, j) => j !== i) })}>
                  <Trans>Remove tier</Trans>
                </button>
              </div>
            ))}
            <button type="button" className="button-secondary" onClick={() => change({ tiers: [...fields.tiers, { from: fields.tiers.length ? '' : '1', amount: '' }] })}>
              <Trans>Add a tier</Trans>
            </button>
          </>
        )}
      </fieldset>
      <fieldset className="staff-scope" disabled={!editing}>
        <legend>
          <Trans>Cancellation and no-show</Trans>
        </legend>
        <label className="staff-check">
          <input type="checkbox" checked={fields.ownPolicy} onChange={(e) => change({ ownPolicy: e.target.checked })} />
          <Trans>Its own policy (else the venue’s)</Trans>
        </label>
        {fields.ownPolicy && (
          <>
            {numberField(t`Late from (hours before)`, fields.windowHours, (windowHours) => change({ windowHours }))}
            <label className="staff-scope__field">
              <Trans>Late cancellation fee</Trans>
              <select value={fields.feeType} onChange={(e) => change({ feeType: e.target.value as Fields['feeType'] })}>
                <option value="PER_PERSON">{t`HK$ per person`}</option>
                <option value="PERCENTAGE">{t`Per cent of what was paid`}</option>
              </select>
            </label>
            {numberField(t`Fee`, fields.fee, (fee) => change({ fee }))}
            <FeeTiersFields tiers={fields.feeTiers} onChange={(feeTiers) => change({ feeTiers })} />
            {numberField(t`No-show fee per person (HK$)`, fields.noShowFee, (noShowFee) => change({ noShowFee }))}
            <label className="staff-scope__field">
              <Trans>Minimum spend</Trans>
              <select value={fields.minimumSpendType} onChange={(e) => change({ minimumSpendType: e.target.value as Fields['minimumSpendType'] })}>
                <option value="NONE">{t`None`}</option>
                <option value="PER_PERSON">{t`Per person`}</option>
                <option value="TOTAL">{t`For the table`}</option>
              </select>
            </label>
            {fields.minimumSpendType !== 'NONE' && numberField(t`Minimum spend (HK$)`, fields.minimumSpend, (minimumSpend) => change({ minimumSpend }))}
            {numberField(
              t`Largest party (larger ones contact the reservations team)`,
              fields.largestParty,
              (largestParty) => change({ largestParty }),
              t`At most ${list.venueOnlineMaxGuests}`,
            )}
          </>
        )}
        <PolicyPreview policy={previewPolicyOf(list, fields)} paidUpFront={fields.prePaymentType !== 'NONE'} guarantee={fields.prePaymentType === 'GUARANTEE'} />
      </fieldset>
      <fieldset className="staff-scope" disabled={!editing}>
        <legend>
          <Trans>Booking windows</Trans>
        </legend>
        {numberField(t`Days ahead guests may book`, fields.guestDays, (guestDays) => change({ guestDays }), String(list.venueBookingDays.guestBookingDays))}
        {numberField(t`Days ahead members may book`, fields.memberDays, (memberDays) => change({ memberDays }), String(list.venueBookingDays.memberBookingDays))}
        <p className="staff-hint">
          <Trans>Leave empty for the venue’s.</Trans>
        </p>
      </fieldset>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : (
        <SetupEditPanel actor={actor} snapshot={snapshot} checkLabel={experience ? t`Check the change` : t`Check the new experience`} onReload={onReload} />
      )}
    </form>
  );
}
