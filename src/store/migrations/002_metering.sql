-- Quota meters, page reservations and concurrency slots (DECISIONS §3), shared by all nodes.
-- period: 'YYYY-MM' (UTC month) for paid tiers, 'trial' for the free lifetime trial.
CREATE TABLE page_meters (
  account_id text NOT NULL REFERENCES accounts(id),
  period     text NOT NULL,
  used       integer NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, period)
);

CREATE TABLE page_reservations (
  holder_id  text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id),
  period     text NOT NULL,
  pages      integer NOT NULL CHECK (pages >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX page_reservations_account_idx ON page_reservations (account_id, period);

CREATE TABLE concurrency_slots (
  holder_id   text PRIMARY KEY,
  account_id  text NOT NULL REFERENCES accounts(id),
  acquired_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX concurrency_slots_account_idx ON concurrency_slots (account_id);
