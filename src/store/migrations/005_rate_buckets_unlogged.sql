-- Rate buckets need no durability (a lost bucket is a full one): skip the WAL and its fsync, which
-- otherwise bounds a hot account's request rate by commit latency.
ALTER TABLE rate_buckets SET UNLOGGED;
