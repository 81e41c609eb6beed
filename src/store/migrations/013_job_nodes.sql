-- Live nodes of the job machinery: each beats its row; a holder of a page reservation or slot
-- named after a node that stopped beating (a sync conversion cut off by a crash) is released.
CREATE TABLE IF NOT EXISTS job_nodes (
  node_id text PRIMARY KEY,
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);
