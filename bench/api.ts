// npm run bench:api: the authenticated hot path (auth + rate limiter + headers + usage meters) under
// load. Starts the real server (compiled, `node dist/main.js`, bench/server.ts) on PGlite, and on PostgreSQL too when
// TEST_DATABASE_URL / DATABASE_URL is set; creates an account through the admin API; runs autocannon
// on GET /v1/usage (64 connections, 10 s); prints req/s, p50/p99 latency, status breakdown, RSS.
// A single account is rate limited (burst 480, 240 rpm on power), so most answers are 429: those
// take the same path (key lookup, bucket, headers) plus the error envelope.
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_ADMIN_TOKEN, startBenchServer } from './server.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

async function run(label: string, env: Record<string, string>) {
  const server = await startBenchServer({ LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', ...env });
  const { base, startMs } = server;
  try {
    const created = await fetch(`${base}/v1/admin/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tier: 'power', email_verified: true }),
    });
    if (created.status !== 201) throw new Error(`admin create: ${created.status} ${await created.text()}`);
    const { key } = (await created.json()) as { key: string };
    const headers = { authorization: `Bearer ${key}` };
    const warm = await fetch(`${base}/v1/usage`, { headers });
    if (warm.status !== 200) throw new Error(`usage: ${warm.status}`);
    await new Promise((r) => setTimeout(r, 500));
    const idleBefore = server.rssMiB();

    const result = await autocannon({ url: `${base}/v1/usage`, headers, connections: CONNECTIONS, duration: DURATION_S });
    await new Promise((r) => setTimeout(r, 1000));
    const idleAfter = server.rssMiB();

    const statuses = Object.fromEntries(Object.entries((result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {}).map(([s, v]) => [s, v.count]));
    console.log(`\n== ${label} ==`);
    console.log(`start-up to healthy: ${startMs} ms`);
    console.log(`GET /v1/usage (authenticated), ${CONNECTIONS} connections, ${DURATION_S} s`);
    console.log(`  requests/s   avg ${Math.round(result.requests.average)}  (total ${result.requests.total})`);
    console.log(`  latency ms   p50 ${result.latency.p50}  p99 ${result.latency.p99}  max ${result.latency.max}`);
    console.log(`  statuses     ${JSON.stringify(statuses)}  errors ${result.errors}  timeouts ${result.timeouts}`);
    console.log(`  server RSS   idle ${idleBefore} MiB before, ${idleAfter} MiB after`);
    return { label, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, statuses, idleBefore, idleAfter };
  } finally {
    await server.stop();
  }
}

async function main() {
  const results = [await run('PGlite (embedded)', {})];
  const pgUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const schema = `bench_${Date.now().toString(36)}`;
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    try {
      const url = new URL(pgUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      results.push(await run('PostgreSQL', { DATABASE_URL: url.toString() }));
    } finally {
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    }
  }
  console.log('\nsummary:', JSON.stringify(results));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
