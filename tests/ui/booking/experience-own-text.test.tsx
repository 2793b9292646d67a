// @vitest-environment jsdom
/**
 * An experience's own texts from the Set-up on the guest's pages, the whole app
 * against the real API: the experience step and the manage page show the Japanese name the set-up wrote
 * (in no catalog), and, in Thai, which the set-up left empty, the English.
 */
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hongKongToday } from '../../../common/time';
import { experienceBody } from '../../support/server/experience-body';
import { LECLOS } from '../../support/server/fixtures';
import { insertStaff } from '../../support/server/payment-helpers';
import { openApp, useAppHarness } from '../../support/ui/app-harness';
import { leClos, manageScenes } from '../../support/ui/manage-scenes';
import { SLOW } from '../../support/ui/page-queries';

const api = useAppHarness();
const { newGuest, book, mailedToken } = manageScenes(api);

const ENGLISH = { name: 'Riverside Supper', description: 'Five courses by the river.' };
const JAPANESE = { name: '川辺の夕餉', description: '川辺で味わう五皿のコース。' };

/** Sets the experience up at Le Clos through the set-up call, as an admin would: English and Japanese only, nothing to pay ahead. */
async function setUpRiverside() {
  const admin = await insertStaff(api(), 'admin', null);
  const created = await api().request('POST', `/admin/venue/${LECLOS}/experience`, {
    token: admin.token(),
    // Nothing to pay, from one guest: the guest's pages are reached without a card.
    body: experienceBody({ en: ENGLISH, ja: JAPANESE }, { minGuests: 1, prePaymentType: 'NONE', depositPolicy: [] }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
}

describe("an experience's own texts on the guest's pages", () => {
  beforeAll(setUpRiverside);

  it('shows the Japanese name and description on the experience step', async () => {
    await openApp('/pages/book?domain=leclos', { locale: 'ja' });
    expect(await screen.findByRole('button', { name: new RegExp(JAPANESE.name) }, SLOW)).toBeTruthy();
    expect(screen.getByText(JAPANESE.description)).toBeTruthy();
    expect(screen.queryByText(ENGLISH.name)).toBeNull();
  });

  it('shows the English name on the experience step in Thai, which the set-up left empty', async () => {
    await openApp('/pages/book?domain=leclos', { locale: 'th' });
    expect(await screen.findByRole('button', { name: new RegExp(ENGLISH.name) }, SLOW)).toBeTruthy();
    expect(screen.getByText(ENGLISH.description)).toBeTruthy();
  });

  it('shows the Japanese name on the manage page of a booking', async () => {
    const date = addDays(hongKongToday(api().clock.now()), 3);
    const booked = await book(await newGuest(), { ...leClos(date, 720), experience: ENGLISH.name });
    await openApp(`/pages/manage?token=${encodeURIComponent(await mailedToken(booked.uniqueId))}`, { locale: 'ja' });
    expect(await screen.findByText(JAPANESE.name, {}, SLOW)).toBeTruthy();
    expect(screen.queryByText(ENGLISH.name)).toBeNull();
  });
});
