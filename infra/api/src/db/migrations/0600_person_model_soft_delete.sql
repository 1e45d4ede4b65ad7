-- My AI: an own character can be deleted and restored (undo) until it is purged; deleted rows are hidden.
ALTER TABLE person_models ADD COLUMN deleted_at timestamptz;
CREATE INDEX person_models_owner_live_idx ON person_models (owner_user_id, created_at DESC) WHERE deleted_at IS NULL;
