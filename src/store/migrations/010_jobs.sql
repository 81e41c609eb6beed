-- Jobs (DECISIONS §5): content-free records, purged 24 h after a terminal state. No file names,
-- no content: ids, counters, the chosen model and backend, an error code, the delivery mode.
-- webhook_enc holds the webhook URL and secret sealed under DOCCONV_SECRET.
CREATE TABLE IF NOT EXISTS jobs (
  id text PRIMARY KEY,
  account_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'warming', 'processing', 'completed', 'failed')),
  pages integer NOT NULL,
  pages_done integer NOT NULL DEFAULT 0,
  backend text,
  model text NOT NULL,
  route_reason text NOT NULL DEFAULT '',
  error_code text,
  formats text NOT NULL,
  delivery text NOT NULL,
  webhook_enc text,
  node_id text NOT NULL,
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  nonce text NOT NULL,
  event_seq integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX IF NOT EXISTS jobs_live_idx ON jobs (status, heartbeat_at);
CREATE INDEX IF NOT EXISTS jobs_finished_idx ON jobs (finished_at);
CREATE INDEX IF NOT EXISTS jobs_account_idx ON jobs (account_id);

-- The per-job event log behind SSE replay (Last-Event-ID) across nodes. `data` is the content-free
-- payload without the one-time token (re-derived from the secret when served).
CREATE TABLE IF NOT EXISTS job_events (
  job_id text NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  kind text NOT NULL,
  data text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (job_id, seq)
);
