-- Core schema: users, sessions, token ledger. Catalogue tables start at 0100, payments at 0200.

CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text,
  password_hash text,
  google_sub text,
  user_name text,
  is_anonymous boolean NOT NULL DEFAULT true,
  fingerprint text,
  utm_source text,
  url text,
  webpage text,
  user_profile_url text,
  n_enabled boolean NOT NULL DEFAULT false,
  is_n_confirmed boolean NOT NULL DEFAULT false,
  is_s_confirmed boolean NOT NULL DEFAULT false,
  is_nsfw_content boolean NOT NULL DEFAULT false,
  period_in_months text NOT NULL DEFAULT 'none',
  is_card_token_exists boolean NOT NULL DEFAULT false,
  -- Per-user overrides of the defaults in features/users/user-defaults.ts.
  features jsonb NOT NULL DEFAULT '{}'::jsonb,
  birth_year integer,
  birth_month integer,
  last_ip text,
  last_country text,
  last_seen_at timestamptz,
  -- Set when an anonymous user was merged into an existing account (ADR 0011).
  merged_into uuid REFERENCES users (id),
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE email IS NOT NULL AND deleted_at IS NULL;
CREATE UNIQUE INDEX users_google_sub_key ON users (google_sub) WHERE google_sub IS NOT NULL AND deleted_at IS NULL;

CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  -- Every rotation stays in the family; a reused token revokes the whole family.
  family_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

CREATE TABLE magic_links (
  code_hash text PRIMARY KEY,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE saved_auth (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE email_outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  error text
);

CREATE TABLE token_balances (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  balance integer NOT NULL DEFAULT 0 CHECK (balance >= 0),
  spent integer NOT NULL DEFAULT 0 CHECK (spent >= 0),
  last_daily_claim_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Append-only audit of every spend (negative delta) and credit (positive delta).
CREATE TABLE token_ledger (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  delta integer NOT NULL CHECK (delta <> 0),
  reason text NOT NULL,
  ref_id text,
  -- Optional: the same key is applied once (payment webhooks, retried unlocks).
  idempotency_key text UNIQUE,
  balance_after integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX token_ledger_user_idx ON token_ledger (user_id, created_at);
