-- Client timer ids are the client's own names: scope them per user, so another user's id neither collides (409)
-- nor reveals that it exists.
DELETE FROM metric_timers WHERE user_id IS NULL;
ALTER TABLE metric_timers DROP CONSTRAINT metric_timers_pkey;
ALTER TABLE metric_timers ALTER COLUMN user_id SET NOT NULL;
ALTER TABLE metric_timers ADD PRIMARY KEY (user_id, id);
