-- Money rules checked again when the money arrives (ADR 0300): a payment the rule refuses at fulfilment (a plan
-- no longer longer than the one held, an offer already used) is refunded once, through this queue; the
-- provider's refund is idempotent per order, so a retry after a crash is harmless.
CREATE TABLE payment_refunds (
  order_id uuid PRIMARY KEY REFERENCES payment_orders (id),
  user_id uuid NOT NULL REFERENCES users (id),
  payment_system text NOT NULL,
  provider_order_id text,
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  reason text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  refunded_at timestamptz
);
CREATE INDEX payment_refunds_pending_idx ON payment_refunds (created_at) WHERE refunded_at IS NULL;

-- The sandbox's side of a refund.
ALTER TABLE sandbox_orders ADD COLUMN refunded_at timestamptz;

-- Which Idempotency-Key created an order: a key left in flight by a crash is answered from its order's real state.
ALTER TABLE payment_orders ADD COLUMN idempotency_key text;
CREATE INDEX payment_orders_idempotency_idx ON payment_orders (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
