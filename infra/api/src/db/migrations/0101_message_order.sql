-- Messages written in the same millisecond (a user line and its reply) need a total order
-- that does not depend on clock resolution or random ids.
ALTER TABLE messages ADD COLUMN seq bigserial;
CREATE INDEX messages_chat_seq_idx ON messages (chat_id, seq);
