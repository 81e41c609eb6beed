// Resilience (issue 10, "Prove it"): hostile uploads against src/main.ts as its own process.
// - 40 uploads that declare 150 MB, send 1 MB and stall: cut, nothing stays reserved.
// - 24 concurrent 60 MB uploads from 6 power accounts: shed with 429s, peak RSS bounded.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { MB, startServer, tally, type Server } from './server.js';
import { partHead, rawUpload } from '../helpers/raw-upload.js';

/** A valid one-page PDF of about `bytes`, the bulk an unreferenced stream pdf.js never reads. */
async function heavyPdf(bytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText('Resilience MARKHEAVY', { x: 72, y: 700, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  doc.context.register(doc.context.stream(randomBytes(bytes), {}));
  return doc.save({ useObjectStreams: false });
}

const mb = (n: number) => `${Math.round(n / MB)} MB`;

describe('resilience: uploads', () => {
  let dir: string;
  before(() => { dir = mkdtempSync(join(tmpdir(), 'docconv-resilience-')); });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('stalled uploads (declared 150 MB, 1 MB sent) are cut and release everything', async () => {
    const s = await startServer({ DOCCONV_DATA_DIR: join(dir, 'stall'), DOCCONV_UPLOAD_IDLE_TIMEOUT_S: '3' });
    try {
      const accounts = await Promise.all(Array.from({ length: 8 }, () => s.account('power')));
      const chunk = partHead() + '%PDF-1.7\n' + 'x'.repeat(MB);
      const started = Date.now();
      const uploads = Array.from({ length: 40 }, (_, i) => rawUpload(s.base, accounts[i % 8].key, 150 * MB, chunk));
      const statuses = await Promise.all(uploads.map((u) => Promise.race([u.status, u.closed.then(() => 0)])));
      const outcomes = await Promise.all(uploads.map(async (u, i) => {
        await u.closed;
        return statuses[i] === 0 ? 'cut' : String(statuses[i]);
      }));
      const seconds = (Date.now() - started) / 1000;
      const counts: Record<string, number> = {};
      for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1;
      console.log(`# stalled uploads: ${JSON.stringify(counts)} all closed after ${seconds.toFixed(1)} s; peak RSS ${mb(s.peakRss())}`);
      assert.ok(seconds < 30, 'every stalled upload is closed within the idle timeout (+ checks)');
      assert.ok((counts.cut ?? 0) > 0);
      for (const o of Object.keys(counts)) assert.ok(o === 'cut' || o === '429', `unexpected outcome ${o}`);
      for (const a of accounts) assert.deepEqual(await s.usage(a.key), { reserved: 0, used: 0, inUse: 0 });
      assert.ok(s.alive());
    } finally {
      await s.stop();
    }
  });

  it('24 concurrent 60 MB uploads from 6 power accounts: shed with 429, peak RSS bounded', async () => {
    const budgetMb = 600;
    const s = await startServer({ DOCCONV_DATA_DIR: join(dir, 'flood'), DOCCONV_MAX_INFLIGHT_MB: String(budgetMb) });
    try {
      const accounts = await Promise.all(Array.from({ length: 6 }, () => s.account('power')));
      const pdf = await heavyPdf(60 * MB);
      const blob = new Blob([pdf], { type: 'application/pdf' });
      await new Promise((r) => setTimeout(r, 3000)); // the worker pool warms after listen
      const baseline = s.rss();
      const send = async (key: string) => {
        const f = new FormData();
        f.append('prefer', 'async');
        f.append('file', blob, 'big.pdf');
        try {
          const r = await fetch(`${s.base}/v1/convert`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: f });
          const body = await r.json() as { job_id?: string; code?: string };
          if (r.status === 429) assert.ok(Number(r.headers.get('retry-after')) >= 1);
          return { status: r.status, job: body.job_id, key };
        } catch {
          return { status: 0, job: undefined, key }; // cut by the server while sending (never expected)
        }
      };
      const results = await Promise.all(Array.from({ length: 24 }, (_, i) => send(accounts[i % 6].key)));
      const counts = tally(results.map((r) => r.status));
      for (const code of Object.keys(counts)) assert.ok(code === '202' || code === '429', `unexpected ${code}`);
      assert.ok((counts['429'] ?? 0) > 0, 'load was shed');
      // Every accepted job ends; then nothing is reserved.
      const until = Date.now() + 180_000;
      for (const r of results.filter((x) => x.job)) {
        for (;;) {
          const st = await (await fetch(`${s.base}/v1/jobs/${r.job}`, { headers: { authorization: `Bearer ${r.key}` } })).json() as { status: string };
          if (st.status === 'completed' || st.status === 'failed') break;
          assert.ok(Date.now() < until, 'jobs end');
          await new Promise((res) => setTimeout(res, 500));
        }
      }
      const peak = s.peakRss();
      await new Promise((r) => setTimeout(r, 2000));
      console.log(`# 24 × 60 MB uploads (budget ${budgetMb} MB): ${JSON.stringify(counts)}; RSS baseline ${mb(baseline)}, peak ${mb(peak)}, after ${mb(s.rss())}`);
      assert.ok(peak - baseline < 4 * budgetMb * MB, `peak RSS ${mb(peak)} over baseline ${mb(baseline)}`);
      for (const a of accounts) {
        const u = await s.usage(a.key);
        assert.deepEqual([u.reserved, u.inUse], [0, 0]);
      }
      assert.ok(s.alive());
    } finally {
      await s.stop();
    }
  });
});
