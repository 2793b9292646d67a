-- An erasure's own mail (decision 0021) is the one message that must reach an erased guest's address; once
-- it is sent, or has failed for good, its row is emptied (recipient, subject, body, attachments) so that no
-- row keeps the address or the name after the erasure (decision 0032).
ALTER TABLE outbox ADD COLUMN forget_when_done boolean NOT NULL DEFAULT false;

-- An erasure rewrites the audit entries about the guest's accounts and bookings: found by entity, not by
-- reading the whole log.
CREATE INDEX audit_log_entity ON audit_log (entity_type, entity_id);
