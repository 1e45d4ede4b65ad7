-- An e-mail becomes an account's identity only once its owner follows a link sent to it (ADR 0290).
-- A link may carry what the proof completes: the anonymous user whose purchase or sign-up asked for it
-- (claim_user_id) and the password chosen at registration (password_hash, set on the new account only).
ALTER TABLE magic_links ADD COLUMN claim_user_id uuid REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE magic_links ADD COLUMN password_hash text;

-- A paid order's e-mail is only a contact until proven: the outbox mails its owner a link instead of
-- registering the payer with it.
ALTER TABLE payment_outbox DROP CONSTRAINT IF EXISTS payment_outbox_event_check;
ALTER TABLE payment_outbox ADD CONSTRAINT payment_outbox_event_check
  CHECK (event IN ('PaymentNotification', 'RegistrationNotification', 'PayerEmailClaim'));
