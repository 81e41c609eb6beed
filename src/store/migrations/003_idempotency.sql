-- Idempotency records (spec §4 rules 1-5, DECISIONS §3): keyed by (account, route, key), content-free
-- except an encrypted replay body (key derived from the Idempotency-Key). Expire after 24 h.
CREATE TABLE idempotency_records (
  account_id   text NOT NULL,
  route        text NOT NULL,
  idem_key     text NOT NULL,
  fingerprint  text NOT NULL,
  state        text NOT NULL CHECK (state IN ('pending', 'done')),
  replayable   boolean NOT NULL DEFAULT false,
  status       integer,
  headers      text,                      -- JSON object of replayed response headers
  body         text,                      -- base64(iv | tag | AES-256-GCM ciphertext) of the JSON body
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  PRIMARY KEY (account_id, route, idem_key)
);
CREATE INDEX idempotency_records_expiry_idx ON idempotency_records (expires_at);
