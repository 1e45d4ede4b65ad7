-- Offer flows: the mystery box's revealed offer, the one catalogue row the 0200 offers lacked.
-- 550 tokens (+50 bonus, 001 §9 "Free bonuses: 50") at 50% off the pack's previous price.
INSERT INTO payment_products (id, kind, lists, region, title, current_price, previous_price, token_amount, token_bonus, bonus, sort) VALUES
  ('tokens-550-box', 'tokens', '{mystery_box}', 'default', 'Mystery Box', 2249, 4499, 550, 50, 50, 220)
ON CONFLICT (id) DO NOTHING;
