-- The pair a refresh token was exchanged for, sealed with a key derived from that refresh token (only its holder
-- can open it): a duplicate refresh within the grace window gets the same pair instead of ending the session.
ALTER TABLE refresh_tokens ADD COLUMN successor text;
