-- Pay-by-link for a guaranteed phone booking (decisions 0035 and 0036): the link asks for a card to be saved,
-- nothing charged (an amount of 0), and closes once the card is saved (CARD_SAVED).
ALTER TABLE pay_links DROP CONSTRAINT pay_links_amount_check;
ALTER TABLE pay_links DROP CONSTRAINT pay_links_asks_check;
ALTER TABLE pay_links DROP CONSTRAINT pay_links_outcome_check;
ALTER TABLE pay_links ADD CONSTRAINT pay_links_asks_check CHECK (asks IN ('DEPOSIT', 'PREPAYMENT', 'GUARANTEE'));
ALTER TABLE pay_links ADD CONSTRAINT pay_links_amount_check CHECK (amount > 0 OR (asks = 'GUARANTEE' AND amount = 0));
ALTER TABLE pay_links ADD CONSTRAINT pay_links_outcome_check CHECK (outcome IN ('PAID', 'CARD_SAVED', 'RELEASED', 'KEPT_OWED'));
