-- Event tracking, support messages and client-reported timers.

CREATE TABLE tracked_events (
  id bigserial PRIMARY KEY,
  user_id uuid REFERENCES users (id),
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tracked_events_kind_idx ON tracked_events (kind, created_at);

-- Server-side conversions the client forwards to ad pixels, then marks as reported.
CREATE TABLE event_tracking_transactions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  type text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  reported_at timestamptz
);
CREATE INDEX event_tracking_transactions_user_idx ON event_tracking_transactions (user_id, type) WHERE reported_at IS NULL;

CREATE TABLE support_messages (
  id bigserial PRIMARY KEY,
  user_id uuid REFERENCES users (id),
  kind text NOT NULL,
  email text,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE metric_timers (
  id text PRIMARY KEY,
  user_id uuid REFERENCES users (id),
  metric text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  stopped_at timestamptz,
  result_label text
);
