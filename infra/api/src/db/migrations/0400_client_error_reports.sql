-- Render and runtime errors the browser reports (spec 000 §8: "reported to an error-reporting service").
-- No user reference: a report must be storable while the session itself is what broke.

CREATE TABLE client_error_reports (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  remote text NOT NULL,
  version text NOT NULL,
  message text NOT NULL,
  stack text,
  component_stack text,
  url text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_error_reports_remote_idx ON client_error_reports (remote, version, created_at);
