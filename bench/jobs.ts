// npm run bench:jobs: the HTTP conversion path end to end, on a real socket with the real parser.
//   - async: time to the first SSE `page` event and pages/s to `completed` on freeculture.pdf (352 pages)
//   - sync: p50/p99 of a one-page convert, 50 sequential requests
//   - memory: peak RSS (sampled; the process includes the parser's worker threads) over a generated
//     1,000-page async job, with RSS at each quarter of the pages to show it stays flat.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { shutdownConvertPool, warmConvertPool } from '../src/convert/index.js';
import { createModelGateway } from '../src/models/gateway.js';
import { openStore } from '../src/store/index.js';

const SHARED = process.env.DOCCONV_SHARED_DIR ?? join(process.cwd(), '..', 'shared');
const SYNC_REQUESTS = Number(process.env.BENCH_SYNC_REQUESTS ?? 50);
const BIG_PAGES = Number(process.env.BENCH_BIG_PAGES ?? 1000);
const mb = (b: number) => `${(b / 1e6).toFixed(0)} MB`;

async function generatedPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const words = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango'.split(' ');
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([612, 792]);
    for (let l = 0; l < 30; l++) {
      const line = Array.from({ length: 12 }, (_, w) => words[(i * 7 + l * 3 + w * 5) % words.length]).join(' ');
      page.drawText(line, { x: 72, y: 720 - l * 20, size: 11, font });
    }
  }
  return doc.save();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'docconv-bench-'));
  const config = loadConfig({ ...process.env, DOCCONV_DATA_DIR: dataDir, DOCCONV_SECRET: 'bench-secret-bench-secret-bench-secret-00', DOCCONV_PUBLIC_URL: 'http://127.0.0.1:1' });
  const store = await openStore({ dataDir, databaseUrl: config.databaseUrl });
  const app = await buildApp({ config, store, models: createModelGateway(config), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // As src/main.ts does after listen: the service's first document finds the pool warm.
  const warmT = performance.now();
  await warmConvertPool();
  console.log(`convert pool warm (workers started, one-page warm-up each) in ${((performance.now() - warmT) / 1000).toFixed(1)} s`);
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const local = (u: string) => u.replace('http://127.0.0.1:1', base);
  const { key } = await app.accounts.createAccount('power', true);
  const auth = { authorization: `Bearer ${key}` };
  const post = (bytes: Uint8Array, fields: Record<string, string>) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    fd.append('file', new Blob([bytes], { type: 'application/pdf' }), 'doc.pdf');
    return fetch(`${base}/v1/convert`, { method: 'POST', headers: auth, body: fd });
  };

  let rssPeak = 0;
  const sampler = setInterval(() => { rssPeak = Math.max(rssPeak, process.memoryUsage().rss); }, 25);

  /** Runs one async job, timing its SSE events and sampling RSS at each quarter of the pages. */
  async function asyncJob(bytes: Uint8Array): Promise<{ firstPageMs: number; totalMs: number; pages: number; rssAtQuarters: number[] }> {
    const t0 = performance.now();
    const res = await post(bytes, { model: 'builtin', prefer: 'async', formats: 'md' });
    if (res.status !== 202) throw new Error(`convert answered ${res.status}: ${await res.text()}`);
    const job = (await res.json()) as { links: { events: string } };
    const sse = await fetch(local(job.links.events), { headers: auth });
    let firstPageMs = -1;
    let pages = 0;
    let resultUrl = '';
    const rssAtQuarters: number[] = [];
    let buf = '';
    const decoder = new TextDecoder();
    for await (const chunk of sse.body as unknown as AsyncIterable<Uint8Array>) {
      buf += decoder.decode(chunk, { stream: true });
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === 'page' && data) {
          const d = JSON.parse(data) as { pages_done: number; pages: number };
          if (firstPageMs < 0) firstPageMs = performance.now() - t0;
          pages = d.pages;
          if (d.pages_done % Math.max(1, Math.floor(d.pages / 4)) === 0) rssAtQuarters.push(process.memoryUsage().rss);
        }
        if (event === 'completed' && data) resultUrl = (JSON.parse(data) as { result_url: string }).result_url;
        if (event === 'error') throw new Error(`job failed: ${data}`);
      }
    }
    const totalMs = performance.now() - t0;
    const read = await fetch(local(resultUrl));
    if (read.status !== 200) throw new Error(`result read answered ${read.status}`);
    await read.arrayBuffer();
    return { firstPageMs, totalMs, pages, rssAtQuarters };
  }

  console.log(`docconv bench:jobs  node ${process.version}  load ${loadavg().map((l) => l.toFixed(1)).join(' ')}  store ${store.kind}`);

  // Warm-up: the worker pool and JIT.
  const onePage = await generatedPdf(1);
  for (let i = 0; i < 3; i++) await (await post(onePage, { model: 'builtin' })).arrayBuffer();

  // 1. Async on freeculture.pdf.
  const book = new Uint8Array(readFileSync(join(SHARED, 'bench', 'freeculture.pdf')));
  const a = await asyncJob(book);
  console.log(`async freeculture.pdf: ${a.pages} pages, first page event ${a.firstPageMs.toFixed(0)} ms, completed in ${(a.totalMs / 1000).toFixed(1)} s = ${(a.pages / (a.totalMs / 1000)).toFixed(1)} pages/s end to end`);

  // 2. Sync one-page latency.
  const lat: number[] = [];
  for (let i = 0; i < SYNC_REQUESTS; i++) {
    const t = performance.now();
    const res = await post(onePage, { model: 'builtin' });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`sync convert answered ${res.status}`);
    lat.push(performance.now() - t);
  }
  lat.sort((x, y) => x - y);
  console.log(`sync one page x${SYNC_REQUESTS} (sequential): p50 ${percentile(lat, 50).toFixed(1)} ms, p99 ${percentile(lat, 99).toFixed(1)} ms, min ${lat[0].toFixed(1)} ms, max ${lat.at(-1)!.toFixed(1)} ms`);

  // 3. Memory over a generated 1,000-page job.
  const big = await generatedPdf(BIG_PAGES);
  const before = process.memoryUsage().rss;
  rssPeak = before;
  const b = await asyncJob(big);
  console.log(`async generated ${b.pages} pages (${mb(big.length)} file): ${(b.pages / (b.totalMs / 1000)).toFixed(1)} pages/s, first page ${b.firstPageMs.toFixed(0)} ms`);
  console.log(`  rss before ${mb(before)}, peak ${mb(rssPeak)}, at quarters of the pages: ${b.rssAtQuarters.map(mb).join(' → ')}`);

  clearInterval(sampler);
  await app.close();
  await shutdownConvertPool();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
