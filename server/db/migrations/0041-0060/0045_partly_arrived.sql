-- The host stand's "partly arrived" (docs/PRODUCT.md §6): how many of an arrived party's covers are here
-- while some are still to come. NULL when the whole party is here, or it has not arrived.
ALTER TABLE reservations ADD COLUMN arrived_covers integer
  CHECK (arrived_covers IS NULL OR arrived_covers >= 1);
