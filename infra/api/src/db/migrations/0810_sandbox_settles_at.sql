-- Sandbox orders paid with the slow-bank test card stay 'processing' until this time, then settle (the
-- checkout's 'still processing' state past the 20 s polling cut-off). NULL for every other order.
ALTER TABLE sandbox_orders ADD COLUMN settles_at timestamptz;
