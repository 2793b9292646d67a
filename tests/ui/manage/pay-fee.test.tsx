// @vitest-environment jsdom
/**
 * The guest's page to pay a fee their card on file did not (decision 0035): a no-show's fee that the bank
 * wanted the absent cardholder to approve is mailed with the manage link, which opens the fee in words and
 * pays it by card through 3-D Secure; then nothing more is due.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../../server/services/payments/processor/test-processor';
import { BATARD } from '../../support/server/fixtures';
import { TEST_NOW } from '../../support/server/harness';
import { testKit } from '../../support/server/kit';
import { paymentHelpers } from '../../support/server/payment-helpers';
import { findHeading, openApp, useAppHarness } from '../../support/ui/app-harness';
import { CARD_EXPIRY } from '../../support/ui/booking-walk';
import { region, SLOW } from '../../support/ui/page-queries';

const api = useAppHarness({ afterEach: (started) => started.clock.set(TEST_NOW) });

describe("paying a fee the bank wanted approved", () => {
  it('opens the fee from the mail, pays it with 3-D Secure, and then nothing is owed', async () => {
    const h = paymentHelpers(api());
    const guest = await h.newUser('guest');
    // A Bâtard table for two, its HK$600 deposit paid by a card whose bank asks for the cardholder each time.
    const hold = await h.holdBatardDeposit(guest, '2026-12-05', 1110);
    const { payment } = await h.payByCard(guest, hold.id, TEST_CARDS.authenticatesLater);
    expect((await h.challenge(payment.intentId, 'approve')).body.data.status).toBe('succeeded');
    await h.deliver();
    expect((await h.complete(guest, hold.id)).status).toBe(200);
    const { startsAt } = await h.reservationRow(hold.id);
    api().clock.set(new Date(startsAt.getTime() + 30 * 60_000));
    const staff = await testKit(api()).staff(BATARD);
    const marked = await api().request('PUT', `/admin/reservation/${hold.id}/visit`, { token: staff.token(), body: { action: 'no-show' } });
    expect(marked.body.data.noShow).toMatchObject({ outstanding: 140_000 });

    const mail = (await h.mailTo(guest.email)).find((m) => m.subject.startsWith('A fee of HK$1,400 is due'))!;
    const link = /#(\/pages\/manage\?token=[^&\s]+&action=pay)/.exec(mail.body)![1]!;
    await openApp(link);
    await findHeading('Your reservation');
    const fee = await region('Fee to pay');
    expect(fee.textContent).toContain('A fee of HK$1,400 is due for this reservation under its terms');

    const user = userEvent.setup();
    await user.type(await within(fee).findByLabelText('Cardholder name', {}, SLOW), 'Martin Leung');
    await user.type(within(fee).getByLabelText('Card number'), '4000 0000 0000 3220');
    await user.type(within(fee).getByLabelText('Expiry (MM/YY)'), CARD_EXPIRY);
    await user.type(within(fee).getByLabelText('Security code'), '123');
    await user.click(within(fee).getByRole('button', { name: /^Pay HK\$[\d,.]+$/ }));
    await screen.findByRole('heading', { name: 'Confirm with your bank' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText('Thank you: the fee is paid. Nothing more is due.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Fee to pay' })).toBeNull();
    const fees = (await h.paymentsOf(hold.id)).filter((p) => p.purpose === 'NO_SHOW_FEE');
    expect(fees.map((p) => [p.status, p.amount])).toEqual([['FAILED', 140_000], ['SUCCEEDED', 140_000]]);
  });
});
