-- Webhook deliveries (DECISIONS §5): durable so retries survive a restart; any node's poller
-- claims due rows with a lease. `sealed` holds {url, secret, body} under DOCCONV_SECRET (the
-- job.completed body carries the one-time token). The id is the Webhook-Id header.
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id text PRIMARY KEY,
  job_id text NOT NULL,
  event_type text NOT NULL,
  sealed text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_by text,
  locked_until timestamptz,
  last_status integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due_idx ON webhook_deliveries (status, next_attempt_at);
