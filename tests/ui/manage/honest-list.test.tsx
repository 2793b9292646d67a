// @vitest-environment jsdom
/**
 * My reservations lists bookings only: holds the guest abandoned (run out, swept or not yet) are not shown
 * as cancelled bookings, and an empty waitlist says so in its own words, in English and in Japanese.
 */
import { within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expireStaleHolds } from '../../../server/services/reservations/hold-expiry';
import { TEST_NOW } from '../../support/server/harness';
import { findHeading, openApp, openAs, storeSession, useAppHarness } from '../../support/ui/app-harness';
import { GUEST_PASSWORD, leClos, manageScenes } from '../../support/ui/manage-scenes';
import { fieldTexts, region, SLOW } from '../../support/ui/page-queries';

const api = useAppHarness({ afterEach: (started) => started.clock.set(TEST_NOW) });
const { newGuest, book, cancelOnServer } = manageScenes(api);
const cardsIn = (section: HTMLElement) => within(section).queryAllByRole('listitem');
const HOLD_MS = 16 * 60_000;

describe('the reservation list, honestly', () => {
  afterEach(() => api().clock.set(TEST_NOW));

  it('leaves out holds the guest abandoned, swept or not, and keeps a booking they cancelled', async () => {
    const guest = await newGuest();
    const kept = await book(guest, leClos('2026-11-25', 720));
    const canceled = await book(guest, leClos('2026-11-26', 720));
    expect(await cancelOnServer(guest, canceled._id)).toBe('CANCELED');
    await book(guest, leClos('2026-11-27', 720), { hold: true });
    api().clock.advance(HOLD_MS);
    // The sweeper cancels the first abandoned hold; the second has only run out.
    expect(await expireStaleHolds(api().deps.db, api().clock.now())).toHaveLength(1);
    await book(guest, leClos('2026-11-28', 720), { hold: true });
    api().clock.advance(HOLD_MS);

    await openAs(api(), [guest.email, GUEST_PASSWORD], '/pages/order', 'My reservations');

    expect(cardsIn(await region('Upcoming')).map((card) => fieldTexts(card).Reference)).toEqual([kept.uniqueId]);
    const past = cardsIn(await region('Past'));
    expect(past.map((card) => [fieldTexts(card).Reference, fieldTexts(card).Status])).toEqual([[canceled.uniqueId, 'Canceled']]);
  });

  it("says an empty waitlist in its own words, in Japanese too, and never 'No Available Reservations' there", async () => {
    const guest = await newGuest();
    await storeSession(api(), guest.email, GUEST_PASSWORD);
    await openApp('/pages/order', { locale: 'ja' });
    await findHeading('ご予約一覧');
    const waitlist = within(await region('キャンセル待ち'));
    expect(await waitlist.findByText('キャンセル待ちの登録はありません。', {}, SLOW)).toBeTruthy();
    // A list of bookings with none says there are none (it once read "no seats available").
    expect(within(await region('今後のご予約')).getByText('ご予約はありません')).toBeTruthy();
  });
});
