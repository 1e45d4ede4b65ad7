-- ADR 0360: what a character remembers of one chat beyond the recent turns. One row per chat, read by
-- its primary key on every send: the durable facts the user shared (a JSON array of { id, kind, subject, value,
-- text, at }) and a rolling summary of the turns older than the engine's window (`summarized_seq` is the last
-- message folded into it). Deleting the chat (or the account, which deletes its chats) deletes its memory.
CREATE TABLE chat_memory (
  chat_id uuid PRIMARY KEY REFERENCES chats (id) ON DELETE CASCADE,
  facts jsonb NOT NULL DEFAULT '[]'::jsonb,
  summary text,
  summarized_seq bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
