-- Accounts and API keys (DECISIONS §3). Key secrets are never stored: only SHA-256 hex.
CREATE TABLE accounts (
  id             text PRIMARY KEY,
  tier           text NOT NULL,
  email_verified boolean NOT NULL DEFAULT true,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
  key_id      text PRIMARY KEY,
  account_id  text NOT NULL REFERENCES accounts(id),
  last4       text NOT NULL,
  secret_hash text NOT NULL,
  scopes      text NOT NULL,            -- space-separated scope names
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);
CREATE INDEX api_keys_account_idx ON api_keys (account_id, created_at);
