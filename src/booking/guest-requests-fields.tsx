/** The details step's occasion and dietary needs: a choice from each list and a line of text for the rest. */
import { useLingui } from '@lingui/react/macro';
import { DIETARY_NEEDS, OCCASIONS, type DietaryNeed } from '../../common/guest-requests';
import { SelectField, TextField, type useForm } from '../components/form';
import { useGuestRequestText } from '../i18n/guest-request-text';

type Form = ReturnType<typeof useForm>;

/** `prefilled`: the dietary needs came filled in (remembered on the profile), which the step says next to them. */
export function GuestRequestsFields({ form, prefilled = false }: { form: Form; prefilled?: boolean }) {
  const { t } = useLingui();
  const text = useGuestRequestText();
  const chosen = (form.values.dietaryNeeds as DietaryNeed[] | undefined) ?? [];

  function toggle(need: DietaryNeed, on: boolean) {
    form.set('dietaryNeeds', on ? [...chosen, need] : chosen.filter((n) => n !== need));
  }

  return (
    <>
      <SelectField label={t`Occasion`} {...form.field('occasion')}>
        <option value="">{t`No particular occasion`}</option>
        {OCCASIONS.map((occasion) => (
          <option key={occasion} value={occasion}>
            {text.occasion(occasion)}
          </option>
        ))}
      </SelectField>
      <TextField label={t`About the occasion`} hint={t`Optional, e.g. whose birthday`} {...form.field('occasionNote')} />
      {/* Boxes of the list only: nothing here can fail the schema's list check. */}
      <fieldset className="field choice-group">
        <legend className="field__label">{t`Dietary needs`}</legend>
        {prefilled && (
          <p className="field__hint" role="note">
            {t`Filled in from your profile. Check them for this booking.`}
          </p>
        )}
        <div className="choice-group__options">
          {DIETARY_NEEDS.map((need) => (
            <label key={need} className="checkbox">
              <input type="checkbox" name="dietaryNeeds" value={need} checked={chosen.includes(need)} onChange={(e) => toggle(need, e.target.checked)} />
              <span>{text.dietaryNeed(need)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={t`Other dietary needs`}
        hint={t`Allergies or foods to avoid that the list does not name`}
        {...form.field('dietaryNote')}
      />
      <p className="field__hint">{t`We remember your dietary needs for your next booking.`}</p>
    </>
  );
}
