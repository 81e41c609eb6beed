-- Read-once results (DECISIONS §5/§6): AES-256-GCM ciphertext under a key derived from the
-- one-time token; only the token's SHA-256 is stored. Deleted by the one read, or at expires_at.
CREATE TABLE IF NOT EXISTS job_results (
  job_id text PRIMARY KEY,
  token_hash text NOT NULL,
  sealed bytea NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS job_results_expiry_idx ON job_results (expires_at);
