// @vitest-environment jsdom
/**
 * A booking kept in sessionStorage by an earlier shape of the booking chart (before the guest's identity
 * became a chart of its own, its states `draft.identify` and the like no longer exist) is dropped at start,
 * not restored: the app opens at the wizard's first step instead of failing (src/booking/booking-paths.ts).
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BOOKING_SNAPSHOT_KEY } from '../../../src/booking/booking-paths';
import { openApp, useAppHarness } from '../../support/ui/app-harness';
import { SLOW } from '../../support/ui/page-queries';

useAppHarness();

/** What the one-chart shape kept while a visitor chose how to identify (its context cut to what a restore reads). */
const oldShape = { status: 'active', value: { draft: 'identify' }, historyValue: {}, context: { domain: 'leclos', venue: null, draft: {}, timeslots: [], problem: null }, children: {} };

describe('a booking kept by an older shape of the chart', () => {
  it('is dropped at start: the wizard opens at its first step, and the old key is gone', async () => {
    sessionStorage.setItem('booking_snapshot', JSON.stringify(oldShape));
    await openApp('/pages/experience');
    await screen.findByText('Choose a venue to start your booking.', {}, SLOW);
    expect(sessionStorage.getItem('booking_snapshot')).toBeNull();
    expect(BOOKING_SNAPSHOT_KEY).not.toBe('booking_snapshot');
  });
});
