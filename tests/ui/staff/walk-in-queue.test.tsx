// @vitest-environment jsdom
/**
 * The walk-in queue panel on the table plan, in the whole app against the real API: what a host sees when
 * adding a party (the floor's quote offered, their own kept), the party's wait against its quote as the
 * server's clock moves, "table ready" texting the guest, and seating the party from the queue.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staffSessionActor } from '../../../src/staff/staff-session';
import { openAsStaff, useAppHarness } from '../../support/ui/app-harness';
import { SLOW } from '../../support/ui/page-queries';

const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });

// The harness's clock is 10:00 on Monday 23 November 2026, Le Clos's lunch running.
const openPlan = () => openAsStaff('/pages/staff/table-plan?venue=leclos&date=2026-11-23', ['host@example.com', 'host-pass-1'], 'Table plan');

describe('the walk-in queue panel', () => {
  it('queues a party with a quote, counts its wait against it, texts it, and seats it', async () => {
    const user = await openPlan();
    const panel = within(await screen.findByRole('region', { name: 'Walk-in queue' }, SLOW));
    expect(await panel.findByText('No one is waiting.', {}, SLOW)).toBeTruthy();
    expect(panel.getByText('0 waiting')).toBeTruthy();

    await user.click(panel.getByRole('button', { name: 'Add to the queue' }));
    const form = within(panel.getByRole('form', { name: 'Add to the queue' }));
    await user.type(form.getByLabelText('Name'), 'Mei Chan');
    await user.type(form.getByLabelText('Mobile (optional, for the text)'), '9123 4599');
    // The floor has a table for two free now: that is the quote offered.
    expect(await form.findByText(/^The floor's quote: a table is free now \(\w+\)\.$/, {}, SLOW)).toBeTruthy();
    await user.type(form.getByLabelText('Quote (minutes)'), '15');
    await user.click(form.getByRole('button', { name: 'Add to the queue' }));
    expect(await panel.findByText('Mei Chan is number 1 in the queue, quoted 15 min.', {}, SLOW)).toBeTruthy();

    const row = within(await panel.findByRole('listitem', { name: 'Mei Chan, 2 guests' }, SLOW));
    expect(row.getByText('Waited 0 min of 15 quoted')).toBeTruthy();
    expect(panel.getByText('1 waiting')).toBeTruthy();

    // Twenty minutes on by the server's clock: the next answer tells the page, and the wait counts past the quote.
    api().clock.advanceMinutes(20);
    await user.click(row.getByRole('button', { name: 'Table ready' }));
    expect(await panel.findByText('Mei Chan has been texted that their table is ready.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(row.getByText(/^Waited 20 min of 15 quoted/)).toBeTruthy(), SLOW);
    expect(row.getByText('Over the quote by 5 min')).toBeTruthy();
    // Read again once called: marked so, and the button calls again.
    expect(await row.findByText('Called', {}, SLOW)).toBeTruthy();
    expect(row.getByRole('button', { name: 'Call again' })).toBeTruthy();
    const texts = await api().request('GET', '/dev/outbox?recipient=%2B85291234599&channel=SMS');
    expect(texts.body.data[0].body).toMatch(/^Mei Chan, your table at Le Clos is ready\./);

    await user.click(row.getByRole('button', { name: 'Seat' }));
    expect(await panel.findByText(/^Mei Chan seated: LEC-\w+\.$/, {}, SLOW)).toBeTruthy();
    expect(await panel.findByText('No one is waiting.', {}, SLOW)).toBeTruthy();
  });

  it('lets the host change a quote and remove a party that left, with the reason', async () => {
    const user = await openPlan();
    const panel = within(await screen.findByRole('region', { name: 'Walk-in queue' }, SLOW));
    await user.click(await panel.findByRole('button', { name: 'Add to the queue' }, SLOW));
    const form = within(panel.getByRole('form', { name: 'Add to the queue' }));
    await user.type(form.getByLabelText('Name'), 'Kenji');
    await user.clear(form.getByLabelText('Guests'));
    await user.type(form.getByLabelText('Guests'), '4');
    await user.type(form.getByLabelText('Quote (minutes)'), '10');
    await user.click(form.getByRole('button', { name: 'Add to the queue' }));
    const row = within(await panel.findByRole('listitem', { name: 'Kenji, 4 guests' }, SLOW));

    await user.click(row.getByRole('button', { name: 'Change quote' }));
    const quote = row.getByLabelText('New quote (minutes)');
    await user.clear(quote);
    await user.type(quote, '35');
    await user.click(row.getByRole('button', { name: 'Save quote' }));
    expect(await panel.findByText('Kenji is now quoted 35 min.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(row.getByText(/of 35 quoted$/)).toBeTruthy(), SLOW);

    await user.click(row.getByRole('button', { name: 'Left' }));
    await user.selectOptions(row.getByLabelText('Why did they leave?'), 'Changed their plans');
    await user.click(row.getByRole('button', { name: 'Remove from the queue' }));
    expect(await panel.findByText('Kenji has been removed from the queue.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(panel.queryByRole('listitem', { name: 'Kenji, 4 guests' })).toBeNull(), SLOW);
  });
});
