-- Sent mail is no longer kept in plain text (magic links included): the outbox keeps who (a SHA-256 of the
-- lower-cased address), what subject, when and whether it failed; the address and body only while the
-- development viewer (DEV_MAIL_VIEWER=1) may show them, until expires_at.
ALTER TABLE email_outbox ADD COLUMN to_hash text;
ALTER TABLE email_outbox ADD COLUMN expires_at timestamptz;
ALTER TABLE email_outbox ALTER COLUMN to_address DROP NOT NULL;
ALTER TABLE email_outbox ALTER COLUMN body_text DROP NOT NULL;
UPDATE email_outbox SET to_hash = encode(sha256(convert_to(lower(to_address), 'UTF8')), 'hex');
-- What earlier versions kept: gone.
UPDATE email_outbox SET to_address = NULL, body_text = NULL;
