import { test } from 'node:test';
import assert from 'node:assert/strict';
import { packResult, ResultStore, type StoredResult } from '../../src/jobs/result-store.js';
import { openTestStore, storeBackends } from '../helpers/app.js';

const META: StoredResult['meta'] = { pages: 2, sha256: 'cd'.repeat(32), timing_ms: 5, backend: 'builtin', model: 'builtin', route_reason: 'text_layer' };

/** A long result as a long document gives: many pages of prose with repeated structure. */
function longResult(): StoredResult {
  const page = (i: number) => `## Section ${i}\n\n` + Array.from({ length: 40 }, (_, k) => `Line ${k} of page ${i}: the quick brown fox jumps over the lazy dog.`).join('\n');
  return { pages: Array.from({ length: 200 }, (_, i) => page(i)), formats: 'md,json', meta: META };
}

for (const kind of storeBackends()) {
  test(`${kind}: a result is stored compressed and read back once, whole`, async (t) => {
    const ts = await openTestStore(kind);
    t.after(() => ts.cleanup());
    const results = new ResultStore(ts.store);
    const result = longResult();
    await results.put(ts.store.query, 'job_long', 'tok', await packResult(result), 60);
    const [row] = await ts.store.query<{ n: number }>('SELECT octet_length(sealed) AS n FROM job_results WHERE job_id = $1', ['job_long']);
    const json = Buffer.byteLength(JSON.stringify(result));
    assert.ok(Number(row.n) < json / 5, `stored ${row.n} bytes for ${json} bytes of JSON`);
    assert.deepEqual(await results.claimOnce('job_long', 'tok'), { kind: 'ok', result });
    assert.deepEqual(await results.claimOnce('job_long', 'tok'), { kind: 'gone' });
  });

  test(`${kind}: a result sealed before compression (bare JSON) still reads`, async (t) => {
    const ts = await openTestStore(kind);
    t.after(() => ts.cleanup());
    const results = new ResultStore(ts.store);
    const result: StoredResult = { pages: ['# Old\n\nstored as JSON'], formats: 'md', meta: META };
    await results.put(ts.store.query, 'job_old', 'tok', Buffer.from(JSON.stringify(result)), 60);
    assert.deepEqual(await results.claimOnce('job_old', 'tok'), { kind: 'ok', result });
  });
}
