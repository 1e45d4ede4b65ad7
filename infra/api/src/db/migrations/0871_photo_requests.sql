-- A photo asked of a character in its chat (Chats/request-photo): one request id, one chat, one one-photo batch made
-- for it, so one price is charged once per delivered photo. No foreign key on user_id, like image_batches.
CREATE TABLE photo_requests (
  request_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  chat_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
