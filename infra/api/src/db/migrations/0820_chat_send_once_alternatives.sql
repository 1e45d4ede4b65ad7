-- Send once (ADR 0220): a send carries the client's message id, so a resend after a lost acknowledgement finds the
-- reply it already paid for instead of paying again; regenerated replies keep their alternatives.
ALTER TABLE chat_replies ADD COLUMN client_message_id text;
ALTER TABLE chat_replies ADD COLUMN kind text NOT NULL DEFAULT 'message' CHECK (kind IN ('message', 'regenerate'));
ALTER TABLE chat_replies ADD COLUMN user_message_id uuid;
ALTER TABLE chat_replies ADD COLUMN reply_message_id uuid;
CREATE UNIQUE INDEX chat_replies_client_message_idx ON chat_replies (chat_id, client_message_id)
  WHERE client_message_id IS NOT NULL;

-- Every text a regenerated reply has had, oldest first; `message` holds the chosen one (alternative_index).
ALTER TABLE messages ADD COLUMN alternatives jsonb;
ALTER TABLE messages ADD COLUMN alternative_index integer;
