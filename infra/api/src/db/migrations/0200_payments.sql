-- Payments (ADRs 0100–0103): catalogue, orders, idempotency keys, webhook claims, outbox,
-- subscriptions, saved cards, and the sandbox provider's own tables (it shares the database, never the rows).

-- Admin role: sees the hidden product lists; granted by `pnpm --filter @companion/api admin:grant <email>`.
ALTER TABLE users ADD COLUMN is_admin boolean NOT NULL DEFAULT false;
-- Denormalised copy of the live subscription (wire shape), kept in the same transaction as the subscription row,
-- so GET User stays one query.
ALTER TABLE users ADD COLUMN active_subscription jsonb;

CREATE TABLE payment_products (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('subscription', 'tokens')),
  -- Which GET lists carry it (subscription, lifetime, upgrade_base, upgrade_extra, subscription_hidden, tokens,
  -- tokens_hidden, upsell, token_downsell, insufficient_main, insufficient_downsell, welcome, welcome_downsell,
  -- welcome_extra).
  lists text[] NOT NULL,
  region text NOT NULL DEFAULT 'default' CHECK (region IN ('default', 'CA', 'US')),
  title text NOT NULL,
  period_type text CHECK (period_type IN ('week', 'month', 'year')),
  period_value integer,
  current_price integer NOT NULL CHECK (current_price > 0),
  previous_price integer NOT NULL CHECK (previous_price > 0),
  currency text NOT NULL DEFAULT 'USD',
  -- Subscriptions: what each renewal costs and how long it lasts (the legal texts' "then $X").
  renewal_price integer,
  renewal_period_type text CHECK (renewal_period_type IN ('week', 'month', 'year')),
  renewal_period_value integer,
  discount_text text,
  additional_discount_percent integer,
  extra_bonus_month boolean NOT NULL DEFAULT false,
  is_popular boolean NOT NULL DEFAULT false,
  token_amount integer,
  token_bonus integer NOT NULL DEFAULT 0,
  -- Offer discount percent on token packs (upsell 50, downsell 30, welcome 70/90, insufficient 70).
  bonus integer,
  -- Lifetime: tokens granted every month.
  monthly_tokens integer NOT NULL DEFAULT 0,
  sort integer NOT NULL,
  active boolean NOT NULL DEFAULT true,
  CHECK (kind = 'tokens' OR (period_type IS NOT NULL AND period_value IS NOT NULL)),
  CHECK (kind = 'subscription' OR token_amount IS NOT NULL)
);

-- Prices in cents, USD. Legal texts (001 §9): Weekly $6.99 then $39.99 monthly; 1 month $19.99 then $39.99;
-- 3 months $43.99 then $109.99; Year $119.99 then $399.99. Lifetime: ours, $199.99 once.
INSERT INTO payment_products (id, kind, lists, region, title, period_type, period_value, current_price, previous_price,
  renewal_price, renewal_period_type, renewal_period_value, discount_text, additional_discount_percent, is_popular,
  monthly_tokens, sort) VALUES
  ('sub-weekly', 'subscription', '{subscription}', 'default', 'Weekly', 'week', 1, 699, 3999, 3999, 'month', 1, NULL, NULL, false, 0, 10),
  ('sub-1m', 'subscription', '{subscription}', 'default', '1 month', 'month', 1, 1999, 3999, 3999, 'month', 1, NULL, NULL, false, 0, 20),
  ('sub-3m', 'subscription', '{subscription,upgrade_base}', 'default', '3 months', 'month', 3, 4399, 10999, 10999, 'month', 3, NULL, NULL, false, 0, 30),
  ('sub-12m', 'subscription', '{subscription,upgrade_base}', 'default', 'Year', 'year', 1, 11999, 39999, 39999, 'year', 1, NULL, NULL, true, 0, 40),
  ('sub-lifetime', 'subscription', '{lifetime}', 'default', 'Lifetime', 'year', 100, 19999, 79999, NULL, NULL, NULL, 'Pay Once – Use Forever', NULL, false, 100, 50),
  -- Upgrade downsell: the same plans with an extra 20% off (001 §9 "upgrade extra 20%").
  ('sub-3m-extra', 'subscription', '{upgrade_extra}', 'default', '3 months', 'month', 3, 3519, 10999, 10999, 'month', 3, 'Extra discount 20% OFF', 20, false, 0, 60),
  ('sub-12m-extra', 'subscription', '{upgrade_extra}', 'default', 'Year', 'year', 1, 9599, 39999, 39999, 'year', 1, 'Extra discount 20% OFF', 20, true, 0, 70),
  -- Admin-only plans (hidden list): a one-day check plan for support staff.
  ('sub-1m-staff', 'subscription', '{subscription_hidden}', 'default', '1 month (staff)', 'month', 1, 100, 3999, 100, 'month', 1, NULL, NULL, false, 0, 80),
  -- Region variants: the same plans for the US and Canada (yuno's markets, 001 §1).
  ('sub-weekly-us', 'subscription', '{subscription}', 'US', 'Weekly', 'week', 1, 699, 3999, 3999, 'month', 1, NULL, NULL, false, 0, 10),
  ('sub-1m-us', 'subscription', '{subscription}', 'US', '1 month', 'month', 1, 1999, 3999, 3999, 'month', 1, NULL, NULL, false, 0, 20),
  ('sub-3m-us', 'subscription', '{subscription,upgrade_base}', 'US', '3 months', 'month', 3, 4399, 10999, 10999, 'month', 3, NULL, NULL, false, 0, 30),
  ('sub-12m-us', 'subscription', '{subscription,upgrade_base}', 'US', 'Year', 'year', 1, 11999, 39999, 39999, 'year', 1, NULL, NULL, true, 0, 40),
  ('sub-weekly-ca', 'subscription', '{subscription}', 'CA', 'Weekly', 'week', 1, 749, 4299, 4299, 'month', 1, NULL, NULL, false, 0, 10),
  ('sub-1m-ca', 'subscription', '{subscription}', 'CA', '1 month', 'month', 1, 2199, 4299, 4299, 'month', 1, NULL, NULL, false, 0, 20),
  ('sub-3m-ca', 'subscription', '{subscription,upgrade_base}', 'CA', '3 months', 'month', 3, 4799, 11999, 11999, 'month', 3, NULL, NULL, false, 0, 30),
  ('sub-12m-ca', 'subscription', '{subscription,upgrade_base}', 'CA', 'Year', 'year', 1, 12999, 42999, 42999, 'year', 1, NULL, NULL, true, 0, 40);

-- Token packs and offers. tokenCount = tokenAmount + tokenBonus is what a purchase credits.
INSERT INTO payment_products (id, kind, lists, region, title, current_price, previous_price, token_amount, token_bonus, bonus, sort) VALUES
  ('tokens-100', 'tokens', '{tokens}', 'default', '100 tokens', 999, 999, 100, 0, NULL, 100),
  ('tokens-350', 'tokens', '{tokens}', 'default', '350 tokens', 2999, 2999, 350, 0, NULL, 110),
  ('tokens-550', 'tokens', '{tokens}', 'default', '550 tokens', 3999, 4499, 550, 50, NULL, 120),
  ('tokens-1150', 'tokens', '{tokens}', 'default', '1150 tokens', 7999, 9999, 1150, 150, NULL, 130),
  -- Upsell after a purchase: 'Double Package', 50% OFF.
  ('tokens-700-upsell', 'tokens', '{upsell}', 'default', 'Double Package', 2999, 5998, 700, 0, 50, 200),
  -- Downsell on a declined upsell: 'You're Lucky Today', 30% OFF.
  ('tokens-350-downsell', 'tokens', '{token_downsell}', 'default', 'You''re Lucky Today', 2099, 2999, 350, 0, 30, 210),
  -- Insufficient tokens: x2 package, then 'Honey, don't go now!' at 70% OFF.
  ('tokens-200-x2', 'tokens', '{insufficient_main}', 'default', 'Not enough tokens', 999, 1998, 100, 100, NULL, 300),
  ('tokens-200-x2-70', 'tokens', '{insufficient_downsell}', 'default', 'Honey, don''t go now!', 599, 1998, 100, 100, 70, 310),
  -- New-user welcome flow: 'Welcome Pack', then 70% OFF, then TOTAL 90% OFF.
  ('tokens-welcome', 'tokens', '{welcome}', 'default', 'Welcome Pack', 1999, 2999, 350, 0, NULL, 400),
  ('tokens-welcome-70', 'tokens', '{welcome_downsell}', 'default', 'You''re Lucky Today', 899, 2999, 350, 0, 70, 410),
  ('tokens-welcome-90', 'tokens', '{welcome_extra}', 'default', 'TOTAL 90% OFF', 299, 2999, 350, 0, 90, 420),
  -- Admin-only pack (hidden list).
  ('tokens-10-staff', 'tokens', '{tokens_hidden}', 'default', '10 tokens (staff)', 100, 100, 10, 0, NULL, 500);

-- One local order per payment attempt, written before the provider is called.
CREATE TABLE payment_orders (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  product_id text NOT NULL REFERENCES payment_products (id),
  -- payment | one_click | resign | renewal | checkout
  kind text NOT NULL,
  payment_system text NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  -- created -> processing / 3ds_verify -> approved | declined | held | expired (final states never change)
  status text NOT NULL DEFAULT 'created',
  error_code text,
  success_url text,
  fail_url text,
  source_path text,
  card_id uuid,
  subscription_id uuid,
  provider_order_id text,
  payment_url text,
  card_token text,
  card_brand text,
  card_last4 text,
  payer_email text,
  paid_amount integer,
  paid_currency text,
  fulfilled_at timestamptz,
  meta jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_orders_user_idx ON payment_orders (user_id, created_at);
CREATE INDEX payment_orders_open_idx ON payment_orders (updated_at) WHERE status IN ('created', 'processing', '3ds_verify');

-- Idempotency-Key with Stripe semantics: same key + same request = saved answer; different request = 422.
CREATE TABLE payment_idempotency_keys (
  user_id uuid NOT NULL REFERENCES users (id),
  key text NOT NULL,
  route text NOT NULL,
  request_hash text NOT NULL,
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

-- Webhook claim: the UNIQUE key is the dedupe.
CREATE TABLE payment_webhook_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  order_id uuid,
  status text NOT NULL,
  outcome text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- Transactional outbox: written with the order's status change, relayed to the hubs afterwards (at least once).
CREATE TABLE payment_outbox (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL,
  event text NOT NULL CHECK (event IN ('PaymentNotification', 'RegistrationNotification')),
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  -- A relay leases a row until this time; a crashed relay's rows come back after it.
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX payment_outbox_pending_idx ON payment_outbox (next_attempt_at) WHERE sent_at IS NULL;

CREATE TABLE payment_cards (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  payment_system text NOT NULL,
  token text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX payment_cards_token_key ON payment_cards (user_id, token) WHERE deleted_at IS NULL;

CREATE TABLE subscriptions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  product_id text NOT NULL REFERENCES payment_products (id),
  -- active | cancellation_requested | expired | replaced
  status text NOT NULL,
  payment_system text NOT NULL,
  period_type text NOT NULL,
  period_value integer NOT NULL,
  start_date timestamptz NOT NULL,
  -- End of the paid period; null for lifetime.
  end_date timestamptz,
  cancellation_requested_at timestamptz,
  cancellation_answers jsonb,
  card_id uuid,
  last_order_id uuid,
  -- Lifetime: when the monthly tokens were last granted.
  last_monthly_grant_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- At most one live subscription per user.
CREATE UNIQUE INDEX subscriptions_live_key ON subscriptions (user_id) WHERE status IN ('active', 'cancellation_requested');

-- The sandbox provider's side (it would live at the provider; here it shares the database, not the rows).
CREATE TABLE sandbox_orders (
  id text PRIMARY KEY,
  merchant_order_id text NOT NULL,
  envelope text NOT NULL CHECK (envelope IN ('solidgate', 'yuno', 'paypal')),
  amount integer NOT NULL,
  currency text NOT NULL,
  description text,
  -- created, processing, 3ds_verify, approved, declined
  status text NOT NULL DEFAULT 'created',
  decline_code text,
  payment_type text NOT NULL DEFAULT 'form',
  ask_email boolean NOT NULL DEFAULT false,
  payer_email text,
  card_token text,
  card_brand text,
  card_last4 text,
  pending_outcome text,
  success_url text NOT NULL,
  fail_url text NOT NULL,
  callback_url text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sandbox_orders_merchant_key ON sandbox_orders (envelope, merchant_order_id);

-- Cards the sandbox has tokenised (one-click / renewals charge these).
CREATE TABLE sandbox_card_tokens (
  token text PRIMARY KEY,
  card_number text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Webhook deliveries with retries (exponential backoff, attempts capped).
CREATE TABLE sandbox_webhooks (
  id bigserial PRIMARY KEY,
  event_id text NOT NULL UNIQUE,
  envelope text NOT NULL,
  url text NOT NULL,
  body text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_status integer,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_webhooks_pending_idx ON sandbox_webhooks (next_attempt_at) WHERE delivered_at IS NULL;
