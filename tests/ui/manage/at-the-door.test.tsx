// @vitest-environment jsdom
/**
 * What a guest needs at the door, on the reservation's page and the manage link's: the venue's address in
 * the reader's language, a map link, the venue's phone, the cancel-by time, what was paid and what is
 * still owed ("Deposit HK$600, payable at the venue" for a phone booking).
 */
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newId } from '../../../server/lib/ids';
import { BATARD, experienceIdByName } from '../../support/server/fixtures';
import { TEST_NOW } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';
import { findHeading, openApp, openAs, useAppHarness } from '../../support/ui/app-harness';
import { GUEST_PASSWORD, manageScenes } from '../../support/ui/manage-scenes';
import { fieldTexts, region } from '../../support/ui/page-queries';

const api = useAppHarness({ afterEach: (started) => started.clock.set(TEST_NOW) });
const { newGuest, bookPaidDeposit, mailedToken } = manageScenes(api);

/** Bâtard's À la Carte for two on 3 Dec 2026 at 7 pm, taken by phone: its HK$600 deposit owed at the venue. */
async function phoneBooking() {
  const admin = await testKit(api()).admin();
  const experienceId = await experienceIdByName(api().deps.db, BATARD, 'À la Carte');
  const res = await api().request('POST', '/admin/reservation', {
    token: admin.token(),
    body: { venueId: BATARD, experienceId, date: '2026-12-03', startTime: 1140, numberOfGuests: 2, email: `door-${newId()}@example.com`, firstName: 'Wing', lastName: 'Lee' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return mailedToken(res.body.data.uniqueId as string);
}

describe('at the door', () => {
  it("shows a phone booking's deposit as owed at the venue, with the venue's address, map, phone and cancel-by time", async () => {
    const token = await phoneBooking();
    await openApp(`/pages/manage?token=${encodeURIComponent(token)}`);
    await findHeading('Your reservation');
    const details = fieldTexts(await region(/^Reservation /));
    expect(details.Deposit).toBe('HK$600, payable at the venue');
    expect(details.Paid).toBeUndefined();

    const door = await region('At the venue');
    expect(fieldTexts(door)).toEqual({
      Address: '2/F, Aldrich House, 12 Ice House Street, Central, Hong Kong',
      Map: 'Open the map',
      'Venue phone': '+852 2388 6202',
      // Bâtard lets a booking go free until 48 hours before it starts.
      'Free cancellation until': '1 Dec 2026, 7:00 pm',
    });
    const map = within(door).getByRole('link', { name: 'Open the map' });
    expect(map.getAttribute('href')).toContain(encodeURIComponent('Bâtard, 2/F, Aldrich House'));
    expect(within(door).getByRole('link', { name: '+852 2388 6202' }).getAttribute('href')).toBe('tel:+85223886202');
  });

  it('writes the address the way Chinese and Japanese readers do', async () => {
    const token = await phoneBooking();
    const expected = { 'zh-Hant': '香港中環雪廠街12號 Aldrich House 2樓', 'zh-Hans': '香港中环雪厂街12号 Aldrich House 2楼', ja: /^香港 中環 .*12号 Aldrich House 2\/F$/ };
    for (const [locale, address] of Object.entries(expected)) {
      const page = await openApp(`/pages/manage?token=${encodeURIComponent(token)}`, { locale });
      const shown = await within(document.body).findByRole('link', { name: '+852 2388 6202' }, { timeout: 10_000 });
      expect(shown.closest('section')!.querySelector('address')!.textContent).toMatch(address);
      page.unmount();
    }
  });

  it('shows what a booking paid by card paid, and nothing owed', async () => {
    const guest = await newGuest();
    const booked = await bookPaidDeposit(guest, '2026-11-30');
    await openAs(api(), [guest.email, GUEST_PASSWORD], `/pages/order?id=${booked._id}`, 'Your reservation');
    const details = fieldTexts(await region(/^Reservation /));
    expect([details.Deposit, details.Paid, details['Still owed']]).toEqual(['HK$800', 'HK$800', undefined]);
    expect(fieldTexts(await region('At the venue'))).toMatchObject({ 'Venue phone': '+852 2388 6201', 'Free cancellation until': '29 Nov 2026, 12:00 pm' });
  });
});
