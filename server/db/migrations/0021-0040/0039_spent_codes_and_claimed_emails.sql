-- A code opens at most one session (docs/decisions/0030-spent-codes.md): when it was spent.
ALTER TABLE phone_verifications ADD COLUMN used_at timestamptz;
ALTER TABLE email_verifications ADD COLUMN used_at timestamptz;
-- An account made by a texted code holds its e-mail on the caller's word only, until the address is verified.
ALTER TABLE users ADD COLUMN email_claimed_by_phone boolean NOT NULL DEFAULT false;
-- The account a contact-form message was sent from, when its sender was logged in.
ALTER TABLE contact_messages ADD COLUMN user_id text;
