// @vitest-environment jsdom
/**
 * The guest's details in the wizard: occasion and dietary needs as fields, echoed on the review
 * step with the guest's details and on the reservation page, the needs filled in again for the next
 * booking; a length message for a name that is too long; and only the policies that apply to the booking.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { newId } from '../../../server/lib/ids';
import { findHeading, openApp, storeSession, useAppHarness } from '../../support/ui/app-harness';
import { pickTime, walkToTimes } from '../../support/ui/booking-walk';
import { fieldTexts, region, SLOW } from '../../support/ui/page-queries';

const api = useAppHarness();
type User = ReturnType<typeof userEvent.setup>;
const PASSWORD = 'details-pass-1';

/** A new, verified guest of this test with a session stored for the app. */
async function newGuest(): Promise<string> {
  const email = `details-${newId()}@example.com`;
  const signUp = await api().request('POST', '/user/user/sign-up', {
    body: { firstName: 'Mei', lastName: 'Chan', email, password: PASSWORD, mobileCountryCode: '852', mobileNumber: '91234567' },
  });
  expect(signUp.status, JSON.stringify(signUp.body)).toBeLessThan(300);
  const [mail] = (await api().request('GET', `/dev/outbox?${new URLSearchParams({ recipient: email, channel: 'EMAIL' })}`)).body.data;
  const token = /verifyToken=([^\s&]+)/.exec(mail.body)![1];
  expect((await api().request('POST', '/user/user/verify-email', { body: { token } })).status).toBe(200);
  await storeSession(api(), email, PASSWORD);
  return email;
}

/** Obe's Bar Seating (nothing to pay) at 7:00 pm on `day`, up to the guest's details. */
async function toDetails(user: User, day: RegExp, experience = /Bar Seating/) {
  const app = await openApp('/pages/book?domain=obe');
  await walkToTimes(user, { experience, day });
  await pickTime(user, '7:00 pm');
  await findHeading('Your details');
  await screen.findByRole('button', { name: 'Continue' }, SLOW);
  return app;
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('the guest’s details', () => {
  it('takes the occasion and dietary needs, echoes them with the details, and fills the needs in next time', async () => {
    const email = await newGuest();
    const user = userEvent.setup();
    const first = await toDetails(user, /TUE\s*24/);

    // A 128-character first name was once told 'Please enter first name!': say what is wrong.
    const firstName = screen.getByLabelText('First name');
    await user.clear(firstName);
    await user.click(firstName);
    await user.paste('M'.repeat(128));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The first name must be 100 characters or fewer.')).toBeTruthy();
    await user.clear(firstName);
    await user.type(firstName, 'Mei');

    await user.selectOptions(screen.getByLabelText('Occasion'), 'Birthday');
    await user.type(screen.getByLabelText('About the occasion'), 'My mother’s 70th');
    await user.click(box('Vegetarian'));
    await user.click(box('Nut allergy'));
    await user.type(screen.getByLabelText('Other dietary needs'), 'No coriander');
    await user.type(screen.getByLabelText('Special requests'), 'A quiet table');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await findHeading('Review and confirm');
    // The review step once did not show the guest's details and requests.
    expect(fieldTexts(await region('Your details'))).toEqual({
      Name: 'Mei Chan',
      'E-mail': email,
      'Mobile number': '+852 9123 4567',
      Occasion: 'Birthday (My mother’s 70th)',
      'Dietary needs': 'Vegetarian, Nut allergy; No coriander',
      'Special requests': 'A quiet table',
    });
    // Nothing to pay, so no fee or no-show clause to agree to.
    const policies = screen.getByRole('group', { name: "The venue's policies" });
    expect(policies.textContent).not.toMatch(/no-show|charged|fee/i);
    expect(within(policies).getAllByRole('checkbox').map((b) => b.closest('label')!.textContent)).toContain(
      'Cancellation policy: please cancel at least 12 hours before your reservation, so that we can offer the table to other guests.',
    );
    for (const agreement of within(policies).getAllByRole('checkbox')) await user.click(agreement);
    await user.click(screen.getByRole('button', { name: 'Confirm reservation' }));

    await findHeading('Your table is confirmed');
    await user.click(screen.getByRole('link', { name: 'View reservation' }));
    await findHeading('Your reservation');
    expect(fieldTexts(await screen.findByRole('region', { name: /^Reservation / }, SLOW))).toMatchObject({
      Occasion: 'Birthday (My mother’s 70th)',
      'Dietary needs': 'Vegetarian, Nut allergy; No coriander',
      'Special requests': 'A quiet table',
    });

    // The next booking starts from the needs; the occasion was that visit's.
    first.unmount();
    await toDetails(user, /WED\s*25/);
    expect(box('Vegetarian').checked).toBe(true);
    expect(box('Nut allergy').checked).toBe(true);
    expect(box('Vegan').checked).toBe(false);
    expect(screen.getByLabelText('Other dietary needs')).toHaveProperty('value', 'No coriander');
    expect(screen.getByLabelText('Occasion')).toHaveProperty('value', '');
  });

  it('shows the fee and no-show clauses where a payment is taken up front', async () => {
    await newGuest();
    const user = userEvent.setup();
    await toDetails(user, /THU\s*26/, /Whisky Flight/);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findHeading('Review and confirm');
    const policies = screen.getByRole('group', { name: "The venue's policies" });
    expect(policies.textContent).toMatch(/Cancellation policy: cancellations within \d+ hours of the reservation are charged/);
    expect(policies.textContent).toMatch(/No-show policy: if the party does not arrive, a fee of HK\$[\d,.]+ per person is charged\./);
  });
});
