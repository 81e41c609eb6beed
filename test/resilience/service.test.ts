// Resilience (issue 10, "Prove it"): the service as its own process under streams, store loss,
// a crash and malformed input. Each scenario prints its figures (`# …` lines).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makePdf, readSse } from '../jobs/harness.js';
import { MB, freshDatabase, startServer, tally, type Server } from './server.js';

const CORPUS = join(process.cwd(), '..', 'shared', 'corpus');

/** One convert call, retried like a well-behaved client on 429 (a node just started sheds while it warms). */
async function submit(s: Server, key: string, pdf: Uint8Array, fields: Record<string, string> = { prefer: 'async' }, retries = 5) {
  for (let attempt = 0; ; attempt++) {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    f.append('file', new Blob([pdf], { type: 'application/pdf' }), 'doc.pdf');
    const r = await fetch(`${s.base}/v1/convert`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: f });
    const body = await r.json().catch(() => ({})) as { job_id?: string; code?: string };
    if (r.status !== 429 || attempt >= retries) return { status: r.status, body };
    await new Promise((res) => setTimeout(res, 1000));
  }
}

async function statusOf(s: Server, key: string, jobId: string): Promise<string> {
  const r = await fetch(`${s.base}/v1/jobs/${jobId}`, { headers: { authorization: `Bearer ${key}` } });
  return ((await r.json()) as { status?: string }).status ?? String(r.status);
}

async function waitTerminal(s: Server, key: string, jobId: string, ms = 120_000): Promise<string> {
  const until = Date.now() + ms;
  for (;;) {
    const st = await statusOf(s, key, jobId).catch(() => 'unreachable');
    if (st === 'completed' || st === 'failed') return st;
    if (Date.now() > until) return st;
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function settled(s: Server, key: string, ms = 30_000) {
  const until = Date.now() + ms;
  for (;;) {
    const u = await s.usage(key).catch(() => null);
    if (u && u.reserved === 0 && u.inUse === 0) return u;
    if (Date.now() > until) return u;
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('resilience: service', () => {
  let dir: string;
  before(() => { dir = mkdtempSync(join(tmpdir(), 'docconv-resilience-')); });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('300 SSE streams on one job: the account cap sheds the rest, open streams get every event, /health stays quick', async () => {
    const s = await startServer({ DOCCONV_DATA_DIR: join(dir, 'sse') });
    try {
      const { key } = await s.account('power');
      const pages = 1500; // power's most pages per document
      // The streams connect while the job runs, so the cap is reached: full pages (27 lines each)
      // keep a fast machine converting for several seconds (two-line pages finished before the
      // 300 streams had all connected, and every stream was a short replay).
      const job = await submit(s, key, await makePdf(pages, 'MARKSSE', { extraLines: 25 }));
      assert.equal(job.status, 202);
      const url = `${s.base}/v1/jobs/${job.body.job_id}/events`;
      // /health is timed from its own process: this one is busy reading 300 streams.
      const probe = spawn(process.execPath, ['--input-type=module', '-e', `
        let max = 0, n = 0; const stop = Date.now() + 110000;
        process.on('SIGTERM', () => { console.log(max + ' ' + n); process.exit(0); });
        while (Date.now() < stop) { const t0 = Date.now(); await fetch(${JSON.stringify(`${s.base}/v1/health`)}); max = Math.max(max, Date.now() - t0); n++; await new Promise((r) => setTimeout(r, 50)); }
        console.log(max + ' ' + n);`], { stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise((r) => setTimeout(r, 1000)); // the probe is up before the streams start
      let probeOut = '';
      probe.stdout!.on('data', (d) => { probeOut += d; });
      const probeDone = new Promise((r) => probe.once('exit', r));
      const streams = await Promise.all(Array.from({ length: 300 }, () => readSse(url, key, { timeoutMs: 120_000 })));
      probe.kill('SIGTERM');
      await probeDone;
      const [healthMax, healthSamples] = probeOut.trim().split(' ').map(Number);
      const counts = tally(streams.map((r) => r.status));
      const complete = streams.filter((r) => r.status === 200 && r.events.at(-1)?.event === 'completed').length;
      console.log(`# 300 SSE streams on one job: ${JSON.stringify(counts)}; ${complete} ended with completed; /health max ${healthMax} ms over ${healthSamples} calls; peak RSS ${Math.round(s.peakRss() / MB)} MB`);
      assert.ok((counts['429'] ?? 0) > 0 && (counts['200'] ?? 0) > 0, 'the cap sheds streams');
      for (const c of Object.keys(counts)) assert.ok(c === '200' || c === '429', c);
      assert.equal(complete, counts['200']);
      assert.ok(healthSamples > 0, '/health was measured');
      assert.ok(healthMax < 5000, `/health took ${healthMax} ms`);
      assert.ok(s.alive());
    } finally {
      await s.stop();
    }
  });

  it('kill -9 of a node mid-job: on restart the job ends failed and nothing stays reserved', async () => {
    const data = join(dir, 'kill9');
    const a = await startServer({ DOCCONV_DATA_DIR: data });
    let key: string;
    let job: Awaited<ReturnType<typeof submit>>;
    let before: Awaited<ReturnType<Server['usage']>>;
    try {
      ({ key } = await a.account('pro'));
      job = await submit(a, key, await makePdf(120, 'MARKKILL'));
      assert.equal(job.status, 202);
      const until = Date.now() + 60_000;
      while ((await statusOf(a, key, job.body.job_id!)) === 'queued' && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      before = await a.usage(key);
    } finally {
      await a.kill9();
    }
    const b = await startServer({ DOCCONV_DATA_DIR: data });
    try {
      const st = await waitTerminal(b, key, job.body.job_id!, 30_000);
      const u = await settled(b, key);
      console.log(`# kill -9 mid-job: before ${JSON.stringify(before)}, after restart job ${st}, usage ${JSON.stringify(u)}`);
      assert.ok(before.reserved > 0 || before.used > 0);
      assert.ok(st === 'failed' || st === 'completed');
      assert.deepEqual([u?.reserved, u?.inUse], [0, 0]);
    } finally {
      await b.stop();
    }
  });

  it('PostgreSQL connections killed mid-job (pg_terminate_backend): jobs end completed or failed, nothing reserved, process alive', { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL' }, async () => {
    const db = await freshDatabase();
    const s = await startServer({ DATABASE_URL: db.url, DOCCONV_DATA_DIR: join(dir, 'pg') });
    try {
      const accounts = await Promise.all([s.account('power'), s.account('pro')]);
      const jobs: Array<{ key: string; id: string }> = [];
      for (let i = 0; i < 6; i++) {
        const key = accounts[i % 2].key;
        const r = await submit(s, key, await makePdf(40, `MARKPG${i}`));
        if (r.status === 202) jobs.push({ key, id: r.body.job_id! });
      }
      let killed = 0;
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setTimeout(r, 400));
        killed += await db.terminateBackends();
      }
      const outcomes = await Promise.all(jobs.map((j) => waitTerminal(s, j.key, j.id)));
      const usage = await Promise.all(accounts.map((a) => settled(s, a.key)));
      console.log(`# pg_terminate_backend ×4 (${killed} connections) during ${jobs.length} jobs: ${JSON.stringify(tally(outcomes.map((o) => (o === 'completed' ? 200 : o === 'failed' ? 500 : 0))).valueOf())} (200 = completed, 500 = failed); usage ${JSON.stringify(usage)}; alive ${s.alive()}`);
      assert.ok(s.alive(), 'the process survived');
      for (const o of outcomes) assert.ok(o === 'completed' || o === 'failed', o);
      for (const u of usage) assert.deepEqual([u?.reserved, u?.inUse], [0, 0]);
    } finally {
      await s.stop();
      await db.drop();
    }
  });

  it('fuzz: mutated corpus PDFs and multipart bodies never get a 5xx other than 502 conversion_failed', async () => {
    const s = await startServer({ DOCCONV_DATA_DIR: join(dir, 'fuzz'), DOCCONV_PAGE_TIMEOUT_S: '5' });
    try {
      const { key } = await s.account('power');
      const sources = existsSync(CORPUS)
        ? readdirSync(CORPUS).map((d) => join(CORPUS, d, 'input.pdf')).filter((p) => existsSync(p) && statSync(p).size < 2 * MB).sort().slice(0, 10)
        : [];
      const docs: Uint8Array[] = [];
      let seed = 12345;
      const rand = (n: number) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
      for (const path of sources.length ? sources : []) {
        const orig = new Uint8Array(readFileSync(path));
        const flip = Uint8Array.from(orig); for (let i = 0; i < 20; i++) flip[rand(flip.length)] = rand(256);
        const cut = orig.slice(0, Math.max(16, rand(orig.length)));
        const hole = (() => { const a = rand(orig.length); const b = Math.min(orig.length, a + rand(4096)); return new Uint8Array([...orig.subarray(0, a), ...orig.subarray(b)]); })();
        const dup = (() => { const a = rand(orig.length); const seg = orig.subarray(a, a + rand(8192)); return new Uint8Array([...orig.subarray(0, a), ...seg, ...seg, ...orig.subarray(a)]); })();
        const text = Buffer.from(orig).toString('latin1').replace(/\/Length \d+/g, () => `/Length ${rand(100000)}`).replace(/\d+ 0 R/g, (m) => (rand(8) === 0 ? '9999 0 R' : m));
        docs.push(flip, cut, hole, dup, new Uint8Array(Buffer.from(text, 'latin1')));
      }
      docs.push(new Uint8Array(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF')));
      const statuses: string[] = [];
      const deadline = Date.now() + 150_000;
      const check = (status: number, code: string | undefined) => {
        statuses.push(status >= 500 ? `${status} ${code}` : String(status));
      };
      for (const doc of docs) {
        if (Date.now() > deadline) break;
        const r = await submit(s, key, doc, { prefer: 'sync' }).catch(() => ({ status: 0, body: {} as { code?: string } }));
        check(r.status, r.body.code);
      }
      // Multipart bodies that lie about themselves.
      const boundary = 'fuzzb';
      const bodies = [
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 no end`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n${'X-Pad: y\r\n'.repeat(300)}\r\n%PDF\r\n--${boundary}--\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\n${'m'.repeat(10000)}\r\n--${boundary}--\r\n`,
        `--${boundary}--\r\n`,
        `garbage without any boundary`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.pdf"\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`,
        Buffer.from(Array.from({ length: 4096 }, () => rand(256))).toString('latin1'),
        ...Array.from({ length: 20 }, () => {
          const base = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\n1 0 obj<<>>endobj\r\n--${boundary}--\r\n`;
          const b = Buffer.from(base, 'latin1');
          for (let i = 0; i < 6; i++) b[rand(b.length)] = rand(256);
          return b.toString('latin1');
        }),
      ];
      for (const body of bodies) {
        if (Date.now() > deadline) break;
        const r = await fetch(`${s.base}/v1/convert`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, body: Buffer.from(body, 'latin1') }).catch(() => null);
        check(r?.status ?? 0, r ? ((await r.json().catch(() => ({}))) as { code?: string }).code : undefined);
      }
      const counts: Record<string, number> = {};
      for (const x of statuses) counts[x] = (counts[x] ?? 0) + 1;
      console.log(`# fuzz: ${docs.length} mutated PDFs + ${bodies.length} multipart bodies → ${JSON.stringify(counts)}`);
      const bad = Object.keys(counts).filter((x) => /^5/.test(x) && x !== '502 conversion_failed');
      if (bad.length) console.log(s.log().split('\n').filter((l) => /"level":50/.test(l)).slice(-5).join('\n'));
      assert.deepEqual(bad, [], 'no 5xx but 502 conversion_failed');
      assert.ok(!('0' in counts), 'no connection was dropped');
      assert.ok(s.alive());
      const u = await settled(s, key);
      assert.deepEqual([u?.reserved, u?.inUse], [0, 0]);
    } finally {
      await s.stop();
    }
  });
});
