// @vitest-environment jsdom
/**
 * The wizard never stalls (docs/PRODUCT.md §2): an address typed or followed at any step lands on a step
 * whose main action works, and Back walks the steps the guest saw one at a time.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STEP_HEADINGS } from '../../../e2e/support/step-headings';
import { expectRoute, visit } from '../../support/machines/wizard-in-app';
import { findHeading, openApp, storeSession, useAppHarness } from '../../support/ui/app-harness';
import { walkToTimes } from '../../support/ui/booking-walk';
import { SLOW } from '../../support/ui/page-queries';

const api = useAppHarness();

/** The browser's Back button: the history steps back and the app hears of it. */
const back = () => act(async () => void history.back());

describe('addresses in the booking wizard', () => {
  it("opening another venue's date step after leaving a booking shows that venue's experiences, and they lead on", async () => {
    const user = userEvent.setup();
    await openApp('/pages/experience?domain=hopsze');
    await findHeading(STEP_HEADINGS.experience);
    await user.click(await screen.findByRole('button', { name: /À la Carte Dinner/ }, SLOW));
    await findHeading(STEP_HEADINGS.dateParty);
    await visit('/pages/experience');
    await findHeading(STEP_HEADINGS.experience);
    await visit('/pages/reservations');
    await visit('/pages/book?domain=leclos');
    // No experience is chosen at Le Clos yet: the nearest step that can be taken is the experience.
    await expectRoute('/pages/experience');
    await findHeading(STEP_HEADINGS.experience);
    await user.click(await screen.findByRole('button', { name: /^À la Carte/ }, SLOW));
    await findHeading(STEP_HEADINGS.dateParty);
    await user.click(screen.getByRole('button', { name: 'Find a table' }));
    await findHeading(STEP_HEADINGS.timeslot);
  });

  it('Back from the details step returns to the dining area, and Back again to the times', async () => {
    await storeSession(api(), 'member@example.com', 'member-pass-1');
    const user = userEvent.setup();
    await openApp('/pages/book?domain=leclos');
    await walkToTimes(user, { experience: /^À la Carte/ });
    await user.click(screen.getByRole('button', { name: '12:30 pm' }));
    await findHeading(STEP_HEADINGS.seating);
    await user.click(screen.getByRole('button', { name: /No preference/ }));
    await findHeading(STEP_HEADINGS.details);
    await back();
    await findHeading(STEP_HEADINGS.seating);
    await expectRoute('/pages/seating');
    await back();
    await findHeading(STEP_HEADINGS.timeslot);
    await expectRoute('/pages/timeslot');
    // The times still lead on.
    await user.click(await screen.findByRole('button', { name: '12:30 pm' }, SLOW));
    await findHeading(STEP_HEADINGS.seating);
    expect(location.hash).toBe('#/pages/seating');
  });
});
