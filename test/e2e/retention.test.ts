// Zero retention (spec §1.3, DECISIONS §6), proven end to end: sync and async conversions of a PDF
// carrying a unique marker, through the real parser, then a scan of everything the service could
// have written: the data directory, new files under os.tmpdir(), the captured logs and every store
// table. Neither the marker nor a raw slice of the source may be found anywhere. Before its one
// read the stored result must be ciphertext without the marker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createModelGateway } from '../../src/models/gateway.js';
import { STORE_KINDS, convert, local, makePdf, readSse, startService, type Harness } from '../jobs/harness.js';
import { testConfig } from '../jobs/fakes.js';

function walk(dir: string, depth = 0, out: Map<string, number> = new Map()): Map<string, number> {
  if (depth > 4) return out;
  let names: string[];
  try { names = readdirSync(dir); } catch { return out; }
  for (const name of names) {
    const p = join(dir, name);
    try {
      const st = statSync(p);
      if (st.isDirectory()) walk(p, depth + 1, out);
      else if (st.isFile()) out.set(p, st.mtimeMs);
    } catch { /* vanished */ }
  }
  return out;
}

function needles(marker: string, source: Uint8Array): Buffer[] {
  const mid = Math.floor(source.length / 2);
  const slices = [source.subarray(0, 32), source.subarray(mid, mid + 32), source.subarray(source.length - 40, source.length - 8)];
  const out = [Buffer.from(marker, 'utf8'), Buffer.from(marker, 'utf16le'), Buffer.from(Buffer.from(marker).toString('hex')), Buffer.from(Buffer.from(marker).toString('base64').slice(0, 16))];
  for (const s of slices) out.push(Buffer.from(s), Buffer.from(Buffer.from(s).toString('hex')), Buffer.from(Buffer.from(s).toString('base64').slice(0, 40)));
  return out;
}

function findIn(haystack: Buffer, list: Buffer[]): number {
  return list.findIndex((n) => haystack.indexOf(n) >= 0);
}

async function dumpTables(h: Harness): Promise<Record<string, string>> {
  const tables = await h.store.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'");
  const out: Record<string, string> = {};
  for (const { table_name } of tables) {
    const rows = await h.store.query(`SELECT * FROM "${table_name}"`);
    out[table_name] = JSON.stringify(rows, (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('hex') : (v && v.type === 'Buffer' && Array.isArray(v.data) ? Buffer.from(v.data).toString('hex') : v)));
  }
  return out;
}

for (const kind of STORE_KINDS) {
  test(`zero retention: nothing of the document survives anywhere (${kind})`, { timeout: 120_000 }, async (t) => {
    const marker = `ZRMARK${randomBytes(8).toString('hex').toUpperCase()}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'docconv-retention-'));
    t.after(() => rmSync(dataDir, { recursive: true, force: true }));
    const tmpBefore = walk(tmpdir());
    const logs: Buffer[] = [];
    const sink = new Writable({ write(chunk, _enc, cb) { logs.push(Buffer.from(chunk)); cb(); } });
    // Anything written to the process streams counts as a log line too.
    const origOut = process.stdout.write.bind(process.stdout);
    const origErr = process.stderr.write.bind(process.stderr);
    const tap = (orig: typeof origOut) => ((chunk: unknown, ...rest: unknown[]) => { logs.push(Buffer.from(chunk as string)); return (orig as (...a: unknown[]) => boolean)(chunk, ...rest); }) as typeof origOut;
    process.stdout.write = tap(origOut);
    process.stderr.write = tap(origErr);
    t.after(() => { process.stdout.write = origOut; process.stderr.write = origErr; });

    const config = testConfig({ DOCCONV_DATA_DIR: dataDir });
    const h = await startService(t, kind, { gateway: createModelGateway(config), dataDir: join(dataDir, 'store'), logger: { level: 'debug', stream: sink } });
    const { key } = await h.account('pro');
    const pdf = await makePdf(3, marker);
    const find = needles(marker, pdf);

    // Sync.
    const sync = await convert(h, key, pdf, { model: 'builtin' });
    assert.equal(sync.status, 200, await sync.clone().text());
    const syncText = await sync.text();
    assert.ok(syncText.includes(marker), `the conversion really read the marker: ${syncText.slice(0, 300)}`);

    // Async: before the read the stored result is ciphertext without the marker.
    const accepted = await convert(h, key, pdf, { model: 'builtin', prefer: 'async' });
    assert.equal(accepted.status, 202);
    const job = (await accepted.json()) as { links: { events: string } };
    const sse = await readSse(local(h, job.links.events), key, { timeoutMs: 60_000 });
    const done = sse.events.at(-1)!;
    assert.equal(done.event, 'completed', JSON.stringify(done.data));
    const pending = await dumpTables(h);
    assert.ok(pending.job_results.length > 10, 'a sealed result awaits its read');
    for (const [table, text] of Object.entries(pending)) assert.equal(findIn(Buffer.from(text), find), -1, `before the read: ${table}`);
    const read = await fetch(local(h, done.data.result_url));
    assert.equal(read.status, 200);
    assert.ok((await read.text()).includes(marker));

    // Scan everything once the results are consumed.
    const tables = await dumpTables(h);
    for (const [table, text] of Object.entries(tables)) assert.equal(findIn(Buffer.from(text), find), -1, `store table ${table}`);
    assert.equal(JSON.parse(tables.job_results).length, 0, 'no result left');
    await h.app.close();
    const logText = Buffer.concat(logs);
    assert.ok(logText.length > 0, 'logs were captured');
    assert.equal(findIn(logText, find), -1, 'logs');
    assert.equal(logText.indexOf(done.data.token), -1, 'logs carry no token');
    for (const file of walk(dataDir).keys()) assert.equal(findIn(readFileSync(file), find), -1, `data dir file ${file}`);
    for (const [file, mtime] of walk(tmpdir())) {
      if (file.startsWith(dataDir)) continue;
      if (tmpBefore.get(file) === mtime) continue; // untouched
      let bytes: Buffer;
      try { bytes = readFileSync(file); } catch { continue; }
      assert.equal(findIn(bytes, find), -1, `new temp file ${file}`);
    }
  });
}
