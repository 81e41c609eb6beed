import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { STORE_KINDS, convert, local, makePdf, readSse, sharedService, type Harness } from '../jobs/harness.js';

const j = (r: Response): Promise<any> => r.json();

async function completed(h: Harness, key: string, fields: Record<string, string> = {}) {
  const res = await convert(h, key, await makePdf(2, 'MARKRES'), { prefer: 'async', ...fields });
  assert.equal(res.status, 202);
  const job = await j(res);
  const sse = await readSse(local(h, job.links.events), key);
  const done = sse.events.at(-1)!;
  assert.equal(done.event, 'completed');
  return { job, done: done.data as { token: string; result_url: string; markdown_url: string; json_url: string } };
}

for (const kind of STORE_KINDS) {
  describe(`read-once results (${kind})`, () => {
    const svc = sharedService(kind);
    test('read once: 200 then 410; wrong token 403 consumes nothing; missing token 400; no key needed', async () => {
      const h = svc();
      const { key } = await h.account('pro');
      const { job, done } = await completed(h, key);
      const code = async (r: Response) => [r.status, (await j(r)).code];
      assert.deepEqual(await code(await fetch(`${local(h, job.links.result)}`)), [400, 'missing_token']);
      assert.deepEqual(await code(await fetch(`${local(h, job.links.result)}?token=${'A'.repeat(43)}`)), [403, 'forbidden']);
      assert.deepEqual(await code(await fetch(`${h.base}/v1/jobs/job_unknown/result?token=abc`)), [404, 'job_not_found']);
      const res = await fetch(local(h, done.result_url));
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const body = await j(res);
      assert.equal(body.pages.length, 2);
      assert.equal(body.meta.pages, 2);
      assert.match(body.meta.sha256, /^[0-9a-f]{64}$/);
      assert.equal(body.meta.backend, 'fake');
      for (const u of [done.result_url, done.markdown_url, done.json_url]) {
        assert.deepEqual(await code(await fetch(local(h, u))), [410, 'result_consumed']);
      }
    });

    test('/result follows Accept, else md alone → Markdown; /markdown and /json always work', async () => {
      const h = svc();
      const { key } = await h.account('pro');
      const a = await completed(h, key, { formats: 'md' });
      const md = await fetch(local(h, a.done.result_url));
      assert.match(md.headers.get('content-type') ?? '', /^text\/markdown/);
      assert.match(await md.text(), /^# Page 1/);
      const b = await completed(h, key, { formats: 'md' });
      const asJson = await fetch(local(h, b.done.result_url), { headers: { accept: 'application/json' } });
      assert.match(asJson.headers.get('content-type') ?? '', /^application\/json/);
      const c = await completed(h, key, { formats: 'json' });
      const asMd = await fetch(local(h, c.done.result_url), { headers: { accept: 'text/markdown, application/json;q=0.5' } });
      assert.match(asMd.headers.get('content-type') ?? '', /^text\/markdown/);
      const d = await completed(h, key, { formats: 'json' });
      assert.match((await fetch(local(h, d.done.markdown_url))).headers.get('content-type') ?? '', /^text\/markdown/);
      const e = await completed(h, key, { formats: 'md' });
      const json = await fetch(local(h, e.done.json_url));
      assert.match(json.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal((await j(json)).pages.length, 2);
    });

    test('an async job with formats=json,blocks keeps its blocks (read once); without blocks none are stored', async () => {
      const h = svc();
      const { key } = await h.account('pro');
      const a = await completed(h, key, { formats: 'json,blocks' });
      const body = await j(await fetch(local(h, a.done.result_url)));
      assert.equal(body.pages[0].width, 612);
      assert.ok(body.pages[0].markdown.endsWith(body.pages[0].blocks[1].markdown));
      const b = await completed(h, key, { formats: 'json' });
      for (const p of (await j(await fetch(local(h, b.done.result_url)))).pages) assert.deepEqual(Object.keys(p), ['index', 'markdown']);
    });

    test('HEAD on a result route is not a read: 404 not_found, the result stays readable', async () => {
      const h = svc();
      const { key } = await h.account('pro');
      const { done } = await completed(h, key);
      for (const u of [done.result_url, done.markdown_url, done.json_url]) {
        assert.equal((await fetch(local(h, u), { method: 'HEAD' })).status, 404);
      }
      assert.equal((await fetch(local(h, done.result_url))).status, 200);
    });

    test('an unread result past its expiry (DOCCONV_RESULT_TTL_S after completion) is 410', async () => {
      const h = svc();
      const { key } = await h.account('pro');
      const { done } = await completed(h, key);
      const jobId = new URL(done.result_url).pathname.split('/')[3];
      await h.store.query("UPDATE job_results SET expires_at = now() - interval '1 second' WHERE job_id = $1", [jobId]);
      const res = await fetch(local(h, done.result_url));
      assert.equal(res.status, 410);
      assert.equal((await j(res)).code, 'result_consumed');
    });

    test("the owner's tier at read time must have API access", async () => {
      const h = svc();
      const { key, accountId } = await h.account('pro');
      const { done } = await completed(h, key);
      await h.app.accounts.updateAccount(accountId, { tier: 'free' });
      const res = await fetch(local(h, done.result_url));
      assert.equal(res.status, 403);
      assert.equal((await j(res)).code, 'api_not_available_on_tier');
      await h.app.accounts.updateAccount(accountId, { tier: 'starter' });
      assert.equal((await fetch(local(h, done.result_url))).status, 200, 'the 403 consumed nothing');
    });

    test('result reads are rate limited per client IP', async () => {
      const h = svc();
      const res = await fetch(`${h.base}/v1/jobs/job_x/result?token=t`);
      assert.ok(res.headers.get('ratelimit-limit'));
      assert.equal(res.headers.get('ratelimit-policy'), '60;w=60');
    });
  });
}
