-- A card guarantee cancelled late (decision 0035): its cancellation mail says how the fee's charge went, so it is
-- written by the transaction that records the charge's first outcome, whichever process records it (the
-- cancelling request, or the payment worker after a crash). This flag, set with the charge in the
-- cancellation's transaction, says that mail is still to be written.
ALTER TABLE no_show_fee_charges ADD COLUMN mails_cancellation boolean NOT NULL DEFAULT false;
