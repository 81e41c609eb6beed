-- Token buckets for nodes sharing PostgreSQL (DECISIONS §2); the embedded store keeps them in process.
CREATE TABLE rate_buckets (
  bucket     text PRIMARY KEY,
  tokens     double precision NOT NULL,
  updated_at double precision NOT NULL,   -- epoch seconds
  allowed    boolean NOT NULL DEFAULT true
);
