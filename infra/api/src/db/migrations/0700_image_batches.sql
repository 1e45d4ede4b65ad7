-- One row per Image/generate-batch-images call (ADR 0181): the client may name it (batch id in the page's URL),
-- so a reload resumes it instead of paying twice; the price is taken up front and what failed is refunded.
CREATE TABLE image_batches (
  id uuid PRIMARY KEY,
  -- No foreign key: the account merge moves these rows with the user's images (account-merge.ts).
  user_id uuid NOT NULL,
  person_model_id uuid,
  requested integer NOT NULL CHECK (requested > 0),
  price integer NOT NULL CHECK (price >= 0),
  status text NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
  refunded integer NOT NULL DEFAULT 0 CHECK (refunded >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX image_batches_user_idx ON image_batches (user_id, created_at DESC);
