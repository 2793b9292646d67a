// @vitest-environment jsdom
/**
 * Dietary needs may pre-fill from the profile, visibly so: the
 * details step says where needs it finds ticked came from, and says nothing when none were.
 */
import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { GuestRequestsFields } from '../../../src/booking/guest-requests-fields';
import { useForm } from '../../../src/components/form';
import { activateLocale, i18n } from '../../../src/i18n/i18n';

function Fields({ prefilled }: { prefilled?: boolean }) {
  const form = useForm(v.object({}), { occasion: '', occasionNote: '', dietaryNeeds: prefilled ? ['VEGAN'] : [], dietaryNote: '' });
  return <GuestRequestsFields form={form} prefilled={prefilled} />;
}

const show = (prefilled?: boolean) =>
  render(
    <I18nProvider i18n={i18n}>
      <Fields prefilled={prefilled} />
    </I18nProvider>,
  );

describe('dietary needs filled in from the profile', () => {
  beforeAll(() => activateLocale('en'));

  it('says so beside the needs', () => {
    const { unmount } = show(true);
    const needs = screen.getByRole('group', { name: 'Dietary needs' });
    expect(within(needs).getByRole('note').textContent).toBe('Filled in from your profile. Check them for this booking.');
    expect((within(needs).getByRole('checkbox', { name: 'Vegan' }) as HTMLInputElement).checked).toBe(true);
    unmount();
  });

  it('says nothing when nothing was filled in', () => {
    const { unmount } = show(false);
    expect(within(screen.getByRole('group', { name: 'Dietary needs' })).queryByRole('note')).toBeNull();
    unmount();
  });
});
