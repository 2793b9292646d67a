// @vitest-environment jsdom
/**
 * The Stripe reconciliation page in the whole app against the real API paying on Stripe (the real SDK
 * against the local fake of Stripe's API): yesterday not reconciled yet, a refund made in Stripe's
 * dashboard found when the admin reconciles today now, the difference in staff's words, the CSV download,
 * venue staff kept out, and axe finding nothing wrong.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hongKongToday } from '../../../common/time';
import { staffSessionActor } from '../../../src/staff/staff-session';
import type { FakeStripe } from '../../support/server/fake-stripe/fake-stripe';
import { payOnFakeStripe } from '../../support/server/fake-stripe/stripe-test-api';
import { paymentHelpers } from '../../support/server/payment-helpers';
import { openAsStaff, useAppHarness } from '../../support/ui/app-harness';
import { captureDownloads, downloadText, type SavedDownload } from '../../support/ui/download-capture';
import { SLOW } from '../../support/ui/page-queries';
import { axeViolations } from '../../support/ui/axe';

const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });
let fake: FakeStripe;
beforeAll(async () => {
  ({ fake } = await payOnFakeStripe(api()));
});
afterAll(() => fake.stop());

let saved: SavedDownload[];
beforeEach(() => {
  saved = captureDownloads();
});

const ADMIN = ['admin@example.com', 'admin-pass-1'] as const;

describe('the Stripe reconciliation page', () => {
  it("finds a refund made in Stripe's dashboard that the club's books do not have, and downloads it", async () => {
    const h = paymentHelpers(api());
    const guest = await h.newUser('guest');
    const hold = await h.holdWhiskyFlight(guest);
    const payment = await h.startCard(guest, hold.id);
    fake.payAsBrowser(payment.intentId, 'visa');
    await fake.deliverAll(payment.intentId);
    expect((await h.complete(guest, hold.id)).status).toBe(200);
    fake.refundInDashboard(payment.intentId, 25_000);

    const user = await openAsStaff('/pages/staff/reconciliation', ADMIN, 'Stripe reconciliation');
    expect(await screen.findByText('This day has not been reconciled yet.', {}, SLOW)).toBeTruthy();
    // A date input takes a whole date at once (typed digit by digit, jsdom reads each partial value as none).
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: hongKongToday(api().clock.now()) } });
    await user.click(await screen.findByRole('button', { name: 'Reconcile now' }));
    const table = within(await screen.findByRole('region', { name: 'Differences with Stripe' }, SLOW)).getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .filter((row) => row.parentElement?.tagName === 'TBODY')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    const reference = (await h.reservationRow(hold.id)).uniqueId;
    expect(rows).toEqual([['Stripe refunded more than the club recorded', reference, payment.intentId, 'HK$250', 'HK$0']]);
    expect(screen.getByText(/Differences to look into: 1\./)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await expect.poll(() => saved.length).toBe(1);
    expect(saved[0]!.download).toBe(`stripe-reconciliation-${hongKongToday(api().clock.now())}.csv`);
    expect(await downloadText(saved[0]!.blob)).toContain(`Stripe refunded more than the club recorded,${reference},${payment.intentId}`);

    expect(await axeViolations()).toEqual([]);
  });

  it('is not offered to venue staff', async () => {
    await openAsStaff('/pages/staff/day', ['host@example.com', 'host-pass-1'], /Day sheet/);
    expect(screen.queryByRole('link', { name: 'Stripe reconciliation' })).toBeNull();
  });
});
