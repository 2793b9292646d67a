// @vitest-environment jsdom
/**
 * A phone booking's pay link opened after the deposit was paid at the venue (docs/PRODUCT.md §6, pay by
 * link): the page says in the guest's words that nothing is due, and offers no payment.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newId } from '../../../server/lib/ids';
import { BATARD, experienceIdByName } from '../../support/server/fixtures';
import { TEST_NOW } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';
import { findHeading, openApp, useAppHarness } from '../../support/ui/app-harness';
import { manageScenes } from '../../support/ui/manage-scenes';

const api = useAppHarness({ afterEach: (started) => started.clock.set(TEST_NOW) });
const { mailedToken } = manageScenes(api);

describe('a pay link closed at the venue', () => {
  it('says nothing is due once staff recorded the deposit as paid at the venue', async () => {
    const admin = await testKit(api()).admin();
    const experienceId = await experienceIdByName(api().deps.db, BATARD, 'À la Carte');
    const booked = await api().request('POST', '/admin/reservation', {
      token: admin.token(),
      body: { venueId: BATARD, experienceId, date: '2026-12-03', startTime: 1140, numberOfGuests: 2, email: `closed-${newId()}@example.com`, firstName: 'Wing', lastName: 'Lee' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const token = await mailedToken(booked.body.data.uniqueId as string);
    const settled = await api().request('POST', `/admin/reservation/${booked.body.data._id}/paid-at-venue`, { token: admin.token() });
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);

    await openApp(`/pages/manage?token=${encodeURIComponent(token)}&action=pay`);
    await findHeading('Your reservation');
    expect(await screen.findByText('Nothing is due: your reservation is paid.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Deposit to pay' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });
});
