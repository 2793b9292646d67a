-- A saved card (docs/PRODUCT.md §9) is the card of a succeeded card payment of a booking, kept at the
-- processor for paying again; the guest may remove it from their profile, which stamps the payments it paid.
-- A later payment with the same card saves it again.
ALTER TABLE payments ADD COLUMN card_removed_at timestamptz;
