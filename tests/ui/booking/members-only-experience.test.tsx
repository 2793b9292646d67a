// @vitest-environment jsdom
/**
 * Members only, up front (docs/PRODUCT.md §6): on the experience step a guest reads at once that an
 * experience is for members, what membership offers and where to read about it, and cannot go on with it.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STEP_HEADINGS } from '../../../e2e/support/step-headings';
import { findHeading, openApp, storeSession, useAppHarness } from '../../support/ui/app-harness';
import { SLOW } from '../../support/ui/page-queries';

const api = useAppHarness();
const SUPPER_CLUB = "Members' Supper Club";

describe('a members-only experience on the experience step', () => {
  it('tells a guest it is for members, what membership offers, and links to Membership, with no way on', async () => {
    await storeSession(api(), 'guest@example.com', 'guest-pass-1');
    await openApp('/pages/experience?domain=leclos');
    await findHeading(STEP_HEADINGS.experience);
    const card = await screen.findByRole('article', { name: SUPPER_CLUB }, SLOW);
    expect(within(card).getByText('Members only')).toBeTruthy();
    expect(within(card).getByText('For club members. What membership offers:')).toBeTruthy();
    expect(within(card).getByText(/^Priority reservations at Le Clos/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'About membership' }).getAttribute('href')).toBe('#/pages/membership');
    // Logged in: no log-in link; and nothing to press that would take them on.
    expect(within(card).queryByRole('link', { name: 'Members, log in' })).toBeNull();
    expect(screen.queryByRole('button', { name: new RegExp(`^${SUPPER_CLUB}`) })).toBeNull();
  });

  it('offers a visitor not logged in to log in as a member', async () => {
    await openApp('/pages/experience?domain=leclos');
    const card = await screen.findByRole('article', { name: SUPPER_CLUB }, SLOW);
    expect(within(card).getByRole('link', { name: 'Members, log in' }).getAttribute('href')).toMatch(/^#\/pages\/login\?redirect=/);
  });

  it('lets a member choose it and go on to the date', async () => {
    await storeSession(api(), 'member@example.com', 'member-pass-1');
    await openApp('/pages/experience?domain=leclos');
    await screen.findByRole('button', { name: 'Log out', hidden: true }, SLOW);
    const choice = await screen.findByRole('button', { name: new RegExp(`^${SUPPER_CLUB}`) }, SLOW);
    choice.click();
    await findHeading(STEP_HEADINGS.dateParty);
  });
});
