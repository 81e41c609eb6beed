// npm run bench:http: the service end to end over HTTP as production runs it (`node dist/main.js`,
// compiled, PGlite in a temp dir), against @opendocsg/pdf2md (pdf.js, one thread, no layout
// analysis) measured in the same rounds. BENCH_ROUNDS (3) interleaved rounds, medians reported:
//   - async text-layer throughput: freeculture (352 p) + tracemonkey (14 p) submitted together,
//     POST → SSE `completed` → one-time result read; pages/s, and pdf2md on the same two files;
//   - sync one-page convert latency: BENCH_SYNC_REQUESTS sequential requests, p50 / p99;
//   - server RSS: idle (pool warm, before any document), peak while converting, idle again after.
// Figures are ratios measured in the same run: the machine may be shared.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { BENCH_ADMIN_TOKEN, startBenchServer } from './server.js';

const SHARED = process.env.DOCCONV_SHARED_DIR ?? join(process.cwd(), '..', 'shared');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SYNC_REQUESTS = Number(process.env.BENCH_SYNC_REQUESTS ?? 40);
const FILES = ['freeculture.pdf', 'tracemonkey.pdf'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
async function onePagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('Quarterly report', { x: 72, y: 720, size: 18, font });
  for (let l = 0; l < 30; l++) page.drawText(`Line ${l + 1}: the quick brown fox jumps over the lazy dog, 1 2 3.`, { x: 72, y: 690 - l * 16, size: 11, font });
  return doc.save();
}

/** pdf2md over the files in a child process (one pdf.js thread): wall ms of the conversions only. */
function pdf2md(files: string[]): number {
  const script = `
    const pdf2md = (await import('@opendocsg/pdf2md')).default;
    const { readFileSync } = await import('node:fs');
    const t0 = performance.now();
    for (const f of process.argv.slice(1)) await pdf2md(new Uint8Array(readFileSync(f)));
    console.log(performance.now() - t0);`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, ...files], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`pdf2md failed: ${r.stderr.slice(0, 500)}`);
  return Number(r.stdout.trim().split('\n').pop());
}

async function main(): Promise<void> {
  const server = await startBenchServer({}, { warm: true });
  const { base, startMs } = server;
  try {
    await new Promise((r) => setTimeout(r, 3_000));
    const idleRss = server.rssMiB();
    const created = await fetch(`${base}/v1/admin/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tier: 'power', email_verified: true }),
    });
    if (created.status !== 201) throw new Error(`admin create: ${created.status} ${await created.text()}`);
    const auth = { authorization: `Bearer ${((await created.json()) as { key: string }).key}` };
    const post = (bytes: Uint8Array, fields: Record<string, string>) => {
      const fd = new FormData();
      for (const [k, v] of Object.entries(fields)) fd.append(k, v);
      fd.append('file', new Blob([bytes], { type: 'application/pdf' }), 'doc.pdf');
      return fetch(`${base}/v1/convert`, { method: 'POST', headers: auth, body: fd });
    };
    const asyncJob = async (bytes: Uint8Array): Promise<number> => {
      const res = await post(bytes, { model: 'builtin', prefer: 'async' });
      if (res.status !== 202) throw new Error(`convert answered ${res.status}: ${await res.text()}`);
      const job = (await res.json()) as { links: { events: string } };
      const sse = await fetch(job.links.events, { headers: auth });
      let buf = '';
      let resultUrl = '';
      const decoder = new TextDecoder();
      for await (const chunk of sse.body as unknown as AsyncIterable<Uint8Array>) {
        buf += decoder.decode(chunk, { stream: true });
        const completed = /event: completed\ndata: (.*)\n/.exec(buf);
        if (completed) {
          resultUrl = (JSON.parse(completed[1]) as { result_url: string }).result_url;
          break;
        }
        if (/event: failed/.test(buf)) throw new Error('job failed');
      }
      const read = await fetch(resultUrl);
      if (read.status !== 200) throw new Error(`result read answered ${read.status}`);
      const body = (await read.json()) as { pages?: unknown[]; meta?: { pages?: number } };
      return body.meta?.pages ?? body.pages?.length ?? 0;
    };

    const one = await onePagePdf();
    for (let i = 0; i < 5; i++) await (await post(one, { model: 'builtin' })).arrayBuffer(); // JIT warm-up
    const paths = FILES.map((f) => join(SHARED, 'bench', f));
    const docs = paths.map((p) => new Uint8Array(readFileSync(p)));
    const rounds: Array<{ ours: number; theirs: number; p50: number; p99: number; peak: number }> = [];
    for (let r = 0; r < ROUNDS; r++) {
      // docconv async: both documents at once.
      let peak = server.rssMiB();
      const sampler = setInterval(() => (peak = Math.max(peak, server.rssMiB())), 50);
      const t0 = performance.now();
      const pages = (await Promise.all(docs.map(asyncJob))).reduce((a, b) => a + b, 0);
      const ours = pages / ((performance.now() - t0) / 1000);
      clearInterval(sampler);
      // pdf2md, same files, same round.
      const theirs = pages / (pdf2md(paths) / 1000);
      // Sync one-page latency.
      const lat: number[] = [];
      for (let i = 0; i < SYNC_REQUESTS; i++) {
        const t = performance.now();
        const res = await post(one, { model: 'builtin' });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`sync convert answered ${res.status}`);
        lat.push(performance.now() - t);
      }
      lat.sort((a, b) => a - b);
      rounds.push({ ours, theirs, p50: percentile(lat, 50), p99: percentile(lat, 99), peak });
      console.log(`round ${r + 1}: async ${ours.toFixed(1)} pages/s, pdf2md ${theirs.toFixed(1)} pages/s (ratio ${(ours / theirs).toFixed(2)}), ` +
        `sync p50 ${percentile(lat, 50).toFixed(1)} ms p99 ${percentile(lat, 99).toFixed(1)} ms, peak RSS ${peak} MiB`);
    }
    // Idle again: 5 s after the last round, and 15 s, once the workers' idle collection
    // (WORKER_IDLE_COLLECT_MS) and recycling (WORKER_RECYCLE_IDLE_MS) have run.
    await new Promise((r) => setTimeout(r, 5_000));
    const idleAfter = server.rssMiB();
    await new Promise((r) => setTimeout(r, 10_000));
    const idleSettled = server.rssMiB();
    console.log(`\n# docconv bench:http — ${new Date().toISOString()}, Node ${process.version}, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`start-up to healthy ${startMs} ms; idle RSS ${idleRss} MiB (pool warm, before any document), ${idleAfter} MiB 5 s after the last round, ${idleSettled} MiB 15 s after`);
    console.log(`medians of ${ROUNDS} rounds: async freeculture+tracemonkey ${median(rounds.map((x) => x.ours)).toFixed(1)} pages/s, ` +
      `pdf2md ${median(rounds.map((x) => x.theirs)).toFixed(1)} pages/s, ratio ${median(rounds.map((x) => x.ours / x.theirs)).toFixed(2)}; ` +
      `sync one page p50 ${median(rounds.map((x) => x.p50)).toFixed(1)} ms, p99 ${median(rounds.map((x) => x.p99)).toFixed(1)} ms; peak RSS ${median(rounds.map((x) => x.peak))} MiB`);
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
