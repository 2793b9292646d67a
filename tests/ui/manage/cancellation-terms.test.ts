/**
 * The cancellation terms the manage page and the staff console state before a cancellation: a card
 * guarantee (nothing paid) cancelled late is charged the policy's late fee to its saved card, worked out as
 * the server does (common/late-cancellation-fee.ts on the no-show fee the guest agreed to); before the
 * cancel-by time, nothing.
 */
import { describe, expect, it } from 'vitest';
import { cancellationTerms } from '../../../src/manage/cancellation-terms';
import type { Schemas } from '../../../common/api/schemas';

const policy = {
  cancellationWindowHours: 24,
  cancellationFee: { type: 'PER_PERSON', amount: 30_000 },
  feesByPartySize: [],
  noShowFeePerPerson: 50_000,
} as unknown as Schemas['VenuePolicy'];
const booking = (prePaymentType: 'GUARANTEE' | 'NONE') => ({ date: '2026-12-04', startTime: 1140, numberOfGuests: 2, payment: { amountDue: 0, prePaymentType } });
// 7:00 pm on 4 Dec 2026 in Hong Kong.
const start = new Date('2026-12-04T19:00:00+08:00');

describe('cancellation terms of a card guarantee', () => {
  it('states the late fee for the party, charged to the saved card, inside the window', () => {
    const terms = cancellationTerms(booking('GUARANTEE'), policy, new Date(start.getTime() - 2 * 3_600_000));
    expect(terms).toMatchObject({ kind: 'late', fee: 60_000, paid: 0, toSavedCard: true });
  });

  it('never states more than the no-show fee the guest agreed the card may be charged', () => {
    const dear = { ...policy, cancellationFee: { type: 'PER_PERSON', amount: 80_000 } } as Schemas['VenuePolicy'];
    expect(cancellationTerms(booking('GUARANTEE'), dear, new Date(start.getTime() - 3_600_000))).toMatchObject({ fee: 100_000, toSavedCard: true });
  });

  it('charges nothing before the cancel-by time, and a booking with nothing paid and no card keeps nothing', () => {
    expect(cancellationTerms(booking('GUARANTEE'), policy, new Date(start.getTime() - 25 * 3_600_000))).toMatchObject({ kind: 'free', refund: 0 });
    expect(cancellationTerms(booking('NONE'), policy, new Date(start.getTime() - 3_600_000))).toMatchObject({ kind: 'late', fee: 0, toSavedCard: false });
  });
});
