-- Paid chat replies, written with the spend: a reply still 'running' when its API process died is refunded and
-- marked failed at the next start, so no message stays paid and unanswered.
CREATE TABLE chat_replies (
  reply_id uuid PRIMARY KEY,
  -- No foreign key: an anonymous user merged into an account must not be blocked by a finished reply.
  user_id uuid NOT NULL,
  chat_id uuid NOT NULL,
  price integer NOT NULL,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'completed', 'refunded', 'failed')),
  error text,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX chat_replies_running_idx ON chat_replies (started_at) WHERE status = 'running';
CREATE INDEX chat_replies_user_idx ON chat_replies (user_id, chat_id);
