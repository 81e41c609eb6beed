// Issue 10 item 7 over HTTP: event streams are capped per account (429 beyond), and the streams
// of one job share one store reader instead of each re-reading the job on every page commit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LIMITS, TIERS } from '../../src/config.js';
import { convert, local, makePdf, readSse, startService } from '../jobs/harness.js';
import { waitFor } from '../jobs/fakes.js';

test('SSE: streams per account capped (429 concurrency_limit), all open streams get every event from one reader', async (t) => {
  const h = await startService(t, 'pglite');
  const { key } = await h.account('starter');
  const cap = TIERS.starter.concurrency * LIMITS.sseStreamsPerSlot;
  let open!: () => void;
  h.ctl.gate = new Promise((r) => (open = r));
  const pages = 6;
  const job = await (await convert(h, key, await makePdf(pages, 'MARKS'), { prefer: 'async' })).json() as { job_id: string; links: { events: string } };
  const url = local(h, job.links.events);
  const streams = Array.from({ length: cap }, () => readSse(url, key, { timeoutMs: 20_000 }));
  await waitFor(() => h.app.jobService.feeds.size === 1);
  const connections = () => new Promise<number>((r) => h.app.server.getConnections((_e, n) => r(n)));
  await waitFor(async () => (await connections()) >= cap, 10_000); // every stream connected
  await new Promise((r) => setTimeout(r, 200));
  const over = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  assert.equal(over.status, 429);
  const body = await over.json() as { code: string };
  assert.equal(body.code, 'concurrency_limit');
  assert.ok(Number(over.headers.get('retry-after')) >= 1);

  const reads: string[] = [];
  const query = h.store.query;
  h.store.query = ((sql: string, params?: unknown[]) => { if (/FROM job_events/.test(sql)) reads.push(sql); return query(sql, params); }) as typeof query;
  h.ctl.pageDelayMs = 30;
  open();
  const results = await Promise.all(streams);
  h.store.query = query;
  for (const r of results) {
    assert.equal(r.status, 200);
    assert.equal(r.events.filter((e) => e.event === 'page').length, pages);
    assert.equal(r.events.at(-1)!.event, 'completed');
    assert.ok(r.closedByServer);
  }
  // One reader for the job: reads follow commits, not streams × commits.
  assert.ok(reads.length <= (pages + 2) * 2, `${reads.length} event reads for ${cap} streams`);
  // Closed streams free their places.
  await waitFor(() => h.app.jobService.feeds.size === 0);
  const again = await readSse(url, key);
  assert.equal(again.status, 200);
  assert.equal(again.events.at(-1)!.event, 'completed', 'a reconnect after the final event gets it again');
});
