-- A wallet payment may come back in parts: a change that costs less gives some back, a later cancellation
-- the rest (docs/PRODUCT.md §9, "Late-cancellation fee"). The index of 0003 allowed one REFUND entry per
-- payment, so cancelling a wallet-paid booking made smaller before failed. A debit and a top-up stay
-- written once; refunds are bounded by the payment's refunded_amount (payments_refund_check), which each
-- refund raises by its entry's amount with the payment row locked.
DROP INDEX wallet_entries_payment_type;
CREATE UNIQUE INDEX wallet_entries_payment_type ON wallet_entries (payment_id, type) WHERE payment_id IS NOT NULL AND type <> 'REFUND';
