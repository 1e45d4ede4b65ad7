-- Tracking: analytics events from the browser, and the attribution and ad-click records of 001 §3.

CREATE TABLE analytics_events (
  id bigserial PRIMARY KEY,
  user_id uuid REFERENCES users (id),
  name text NOT NULL,
  properties jsonb NOT NULL DEFAULT '{}'::jsonb,
  path text,
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytics_events_name_idx ON analytics_events (name, occurred_at);
CREATE INDEX analytics_events_user_idx ON analytics_events (user_id, name);

-- Where a visitor came from (000 §4 attribution capture), kept with the user: the last capture wins.
CREATE TABLE user_attributions (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  fingerprint text,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  url text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_term text,
  utm_content text,
  utm_id text,
  referer text,
  click_ids jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The ad-click record per user and network (001 §3), updated when a checkout opens (001 §4).
CREATE TABLE ad_clicks (
  user_id uuid NOT NULL REFERENCES users (id),
  type text NOT NULL,
  click_id text,
  user_agent text,
  external_id text,
  browser_id text,
  meta_click_id text,
  user_ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, type)
);
