// DECISIONS §8 metrics through real HTTP: what a scrape shows after conversions, jobs, event
// streams and webhooks, and what it never shows (ids, keys, tokens, file names, URLs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { STORE_KINDS, convert, local, makePdf, readSse, sharedService, type Harness } from '../jobs/harness.js';
import { createMetricsServer } from '../../src/metrics/server.js';

const j = (r: Response): Promise<any> => r.json();

async function scrape(h: Harness): Promise<string> {
  const server = createMetricsServer(h.app.metrics.registry);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    assert.equal(res.status, 200);
    assert.equal((await fetch(`http://127.0.0.1:${port}/other`)).status, 404);
    return await res.text();
  } finally {
    server.close();
  }
}

/** The value of one sample line, e.g. sample(text, 'docconv_jobs{state="completed"}'). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? NaN : Number(line.slice(series.length + 1));
}

for (const kind of STORE_KINDS) {
  describe(`metrics (${kind})`, () => {
    const svc = sharedService(kind);

    test('requests by route pattern and status; conversions, pages, jobs, queue wait, SSE and webhooks', async () => {
      const h = svc();
      const { accountId, key } = await h.account('starter');
      const before = await scrape(h);
      const sync = await convert(h, key, await makePdf(2, 'MARKMETRIC'), { model: 'builtin' });
      assert.equal(sync.status, 200);
      const accepted = await convert(h, key, await makePdf(3, 'MARKMETRIC'), { model: 'builtin', prefer: 'async' }, { 'idempotency-key': 'secret-looking-key-0123' });
      const job = await j(accepted);
      const sse = await readSse(local(h, job.links.events), key);
      const completed = sse.events.find((e) => e.event === 'completed')!.data;
      assert.equal((await fetch(local(h, completed.json_url))).status, 200);
      h.ctl.failWith = Object.assign(new Error('x'), { code: 'malformed_document' }) as never;
      await convert(h, key, await makePdf(1, 'MARKMETRIC'), { model: 'builtin' });
      await fetch(`${h.base}/v1/jobs/job_0123456789abcdef01234567`, { headers: { authorization: `Bearer ${key}` } });

      const text = await scrape(h);
      const delta = (series: string) => sample(text, series) - (Number.isNaN(sample(before, series)) ? 0 : sample(before, series));
      assert.equal(delta('docconv_http_requests_total{route="/v1/convert",method="POST",status="200"}'), 1);
      assert.equal(delta('docconv_http_requests_total{route="/v1/convert",method="POST",status="202"}'), 1);
      assert.equal(delta('docconv_http_requests_total{route="/v1/jobs/:id",method="GET",status="404"}'), 1);
      assert.equal(delta('docconv_http_requests_total{route="/v1/jobs/:id/json",method="GET",status="200"}'), 1);
      assert.equal(delta('docconv_conversions_total{model="builtin",outcome="completed"}'), 2);
      assert.equal(delta('docconv_conversions_total{model="builtin",outcome="malformed_document"}'), 1);
      assert.equal(delta('docconv_pages_converted_total{model="builtin"}'), 5);
      assert.ok(delta('docconv_conversion_duration_seconds_count{model="builtin",outcome="completed"}') === 2);
      assert.ok(delta('docconv_job_queue_wait_seconds_count') >= 1);
      assert.ok(sample(text, 'docconv_jobs{state="completed"}') >= 1);
      assert.equal(sample(text, 'docconv_sse_streams_open'), 0);
      assert.equal(sample(text, 'docconv_upload_bytes_in_flight'), 0);
      assert.ok(text.includes('docconv_pool_workers{kind="busy"}'));
      // Nothing about the caller, the document or the request's identifiers in any label.
      for (const secret of [accountId, key, job.job_id, completed.token, 'secret-looking-key-0123', 'MARKMETRIC', 'doc.pdf']) {
        assert.equal(text.includes(secret), false, `metrics leak ${secret.slice(0, 12)}`);
      }
    });

    test('an open event stream is counted while it is open', async () => {
      const h = svc();
      const { key } = await h.account('starter');
      h.ctl.gate = new Promise(() => {}); // hold the job mid-flight
      const job = await j(await convert(h, key, await makePdf(1, 'MARKHOLD'), { model: 'builtin', prefer: 'async' }));
      const ac = new AbortController();
      const res = await fetch(local(h, job.links.events), { headers: { authorization: `Bearer ${key}` }, signal: ac.signal });
      assert.equal(res.status, 200);
      assert.equal(sample(await scrape(h), 'docconv_sse_streams_open'), 1);
      ac.abort();
      await fetch(`${h.base}/v1/jobs/${job.job_id}`, { method: 'DELETE', headers: { authorization: `Bearer ${key}` } });
      for (let i = 0; i < 50 && sample(await scrape(h), 'docconv_sse_streams_open') !== 0; i++) await new Promise((r) => setTimeout(r, 20));
      assert.equal(sample(await scrape(h), 'docconv_sse_streams_open'), 0);
    });
  });
}
