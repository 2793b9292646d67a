-- What a booking's money should add up to (server/services/payments/ledger-check.ts): beside what its payments kept,
-- the part staff let the guest owe (a phone booking's deposit, a difference a staff change left, payable at
-- the venue), what the venue took for it at the door, and what the policy let the club keep beyond the
-- amount due (a late cancellation's fee, a late change's). The ledger check compares them with the policy.
ALTER TABLE reservations ADD COLUMN amount_owed integer NOT NULL DEFAULT 0 CHECK (amount_owed >= 0);
ALTER TABLE reservations ADD COLUMN paid_at_venue integer NOT NULL DEFAULT 0 CHECK (paid_at_venue >= 0);
ALTER TABLE reservations ADD COLUMN fee_kept integer NOT NULL DEFAULT 0 CHECK (fee_kept >= 0);

-- Phone bookings taken before this column existed owe what no card paid.
UPDATE reservations r SET amount_owed = greatest(0, r.amount_due - coalesce((
  SELECT sum(p.amount - p.refunded_amount) FROM payments p
  WHERE p.reservation_id = r.id AND p.purpose = 'RESERVATION' AND p.status IN ('SUCCEEDED', 'REFUNDED', 'PARTIALLY_REFUNDED')
), 0))
WHERE r.booking_source = 'STAFF_PHONE' AND r.status IN ('CONFIRMED', 'NO_SHOW');

-- Late cancellations made before: the fee they kept is what their payments still hold.
UPDATE reservations r SET fee_kept = coalesce((
  SELECT sum(p.amount - p.refunded_amount) FROM payments p
  WHERE p.reservation_id = r.id AND p.purpose = 'RESERVATION' AND p.status IN ('SUCCEEDED', 'REFUNDED', 'PARTIALLY_REFUNDED')
), 0)
WHERE r.status = 'LATE_CANCELED';
