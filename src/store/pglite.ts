// Embedded store: PGlite in-process, files under DOCCONV_DATA_DIR (DECISIONS §2). One connection,
// so queries are serialised by PGlite itself; LISTEN/NOTIFY stays in process (one node by design).
//
// Memory and start-up (measured 2026-11-21, PGlite 0.5.16, see docs/architecture.md "Store"):
// - shared_buffers is 4 MB instead of PostgreSQL's 128 MB: PGlite touches the whole buffer pool in
//   its WASM heap at start, so the default alone cost ~140 MB of RSS for a database of a few MB;
//   16 MB → 4 MB took the idle service from 274-277 to 261-262 MiB (issue 11, same run). A page
//   that is not in the pool is read from the data directory's files, which the OS caches.
// - A fresh database is never initialised in this process: PGlite's initdb runs a second PGlite
//   plus initdb.wasm and snapshots the heap per step (~700 MB peak, kept as RSS). A child process
//   (pglite-initdb.mjs) makes the empty data directory once per PGlite version and caches it as a
//   gzip tar (node_modules/.cache/docconv/); a new store loads that tar (`loadDataDir`).
// - The WASM module and PGlite's file bundle are read and compiled once per process and shared by
//   every instance (tests open hundreds).
import { EventEmitter } from 'node:events';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { Query, Store } from './types.js';

/** PostgreSQL's default is 128 MB, all of it resident in PGlite's heap; our working set is a few MB. */
const SHARED_BUFFERS = '4MB';
export const PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`];

const PGLITE_DIR = dirname(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
const PGLITE_VERSION = (JSON.parse(readFileSync(join(PGLITE_DIR, 'package.json'), 'utf8')) as { version: string }).version;
const INITDB_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'pglite-initdb.mjs');
/** node_modules/.cache/docconv (next to the installed PGlite); overridable for read-only installs. */
const CACHE_DIR = process.env.DOCCONV_PGLITE_CACHE_DIR || join(PGLITE_DIR, '..', '..', '.cache', 'docconv');

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
/** Node's global (lib ES2023 declares no WebAssembly namespace). */
const wasmCompile = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }).WebAssembly.compile;
interface Shared { wasm: WasmModule; fsBundle: Blob }
let shared: Promise<Shared> | undefined;
function sharedAssets(): Promise<Shared> {
  shared ??= (async () => ({
    wasm: await wasmCompile(readFileSync(join(PGLITE_DIR, 'dist', 'pglite.wasm'))),
    fsBundle: new Blob([readFileSync(join(PGLITE_DIR, 'dist', 'pglite.data'))]),
  }))();
  return shared;
}

let emptyTemplate: Promise<Buffer> | undefined;
/** The tar (uncompressed) of a freshly initialised, empty PGlite data directory (only its gzip stays in memory). */
export async function pgliteEmptyTemplate(): Promise<Uint8Array> {
  emptyTemplate ??= loadOrMakeTemplate().catch((err) => {
    emptyTemplate = undefined;
    throw err;
  });
  return gunzipSync(await emptyTemplate);
}

async function loadOrMakeTemplate(): Promise<Buffer> {
  const cached = join(CACHE_DIR, `pglite-${PGLITE_VERSION}-empty.tar.gz`);
  if (existsSync(cached)) {
    try {
      const gz = readFileSync(cached);
      if (gz.length < 1024 || gz[0] !== 0x1f || gz[1] !== 0x8b) throw new Error('not gzip');
      return gz;
    } catch {
      rmSync(cached, { force: true }); // truncated or foreign: make it again
    }
  }
  let target = cached;
  let scratch: string | undefined;
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
  } catch {
    scratch = mkdtempSync(join(tmpdir(), 'docconv-initdb-')); // cache not writable: build, use, forget
    target = join(scratch, 'empty.tar.gz');
  }
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(process.execPath, [INITDB_SCRIPT, target], { env: { ...process.env, NODE_OPTIONS: '' }, maxBuffer: 1 << 20 }, (err, _out, stderr) =>
        err ? reject(new Error(`PGlite initdb failed: ${err.message}${stderr ? `: ${stderr.trim().slice(-500)}` : ''}`)) : resolve());
    });
    const gz = readFileSync(target);
    checkTemplate(gunzipSync(gz));
    return gz;
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

function checkTemplate(tar: Uint8Array): Uint8Array {
  // A POSIX tar whose entries include PG_VERSION (names start at offset 0 of each 512-byte header).
  if (tar.length < 1024 || !Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength).includes('PG_VERSION')) throw new Error('not a PGlite data directory');
  return tar;
}

/**
 * Writes a data-directory tar (PGlite's dumpDataDir: ustar, regular files and directories) into `dir`.
 * Done here rather than through PGlite's `loadDataDir`, which would keep the tar's copies in the heap.
 */
function untarInto(tar: Uint8Array, dir: string): void {
  const buf = Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength);
  const str = (at: number, len: number) => { const s = buf.toString('latin1', at, at + len); const z = s.indexOf('\0'); return z < 0 ? s : s.slice(0, z); };
  for (let off = 0; off + 512 <= buf.length;) {
    const name = str(off, 100);
    if (!name) break; // end-of-archive blocks
    const prefix = buf.toString('latin1', off + 257, off + 262) === 'ustar' ? str(off + 345, 155) : '';
    const size = parseInt(str(off + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(buf[off + 156] || 48);
    const rel = normalize((prefix ? `${prefix}/${name}` : name).replace(/^\/+/, ''));
    if (rel.startsWith('..') || isAbsolute(rel)) throw new Error(`unsafe path in PGlite template: ${rel}`);
    const target = join(dir, rel);
    if (type === '5') mkdirSync(target, { recursive: true, mode: 0o700 });
    else if (type === '0') {
      mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
      writeFileSync(target, buf.subarray(off + 512, off + 512 + size), { mode: 0o600 });
    } else throw new Error(`unexpected entry type ${type} in PGlite template (${rel})`);
    off += 512 + Math.ceil(size / 512) * 512;
  }
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new Error('PGlite template has no PG_VERSION');
}

/** Opens PGlite on `dataDir` (or in memory); a missing database is created from `template` or the empty template. */
export async function openPgliteStore(dataDir: string | 'memory', opts: { template?: Uint8Array } = {}): Promise<Store & { dump(): Promise<Uint8Array> }> {
  const memory = dataDir === 'memory';
  if (!memory) mkdirSync(dataDir, { recursive: true });
  const fresh = memory || !existsSync(join(dataDir, 'PG_VERSION'));
  let [{ wasm, fsBundle }, template] = await Promise.all([sharedAssets(), fresh ? opts.template ?? pgliteEmptyTemplate() : undefined]);
  if (template && !memory) {
    // Written to a sibling first and renamed: a crash midway leaves no half database behind.
    const partial = `${dataDir.replace(/\/+$/, '')}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    untarInto(template, partial);
    rmSync(dataDir, { recursive: true, force: true });
    renameSync(partial, dataDir);
    template = undefined;
  }
  const db = new PGlite({
    ...(memory ? {} : { dataDir }),
    pgliteWasmModule: wasm,
    fsBundle,
    startParams: [...PGLITE_START_PARAMS],
    ...(template ? { loadDataDir: new Blob([template]) } : {}),
  });
  await db.waitReady;
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  let closed = false;

  // Without parameters the simple protocol runs (several statements allowed, e.g. a migration file).
  const run = (target: Pick<PGlite, 'query' | 'exec'>): Query => async <T>(sql: string, params?: unknown[]) => {
    if (params === undefined) {
      const results = await target.exec(sql);
      return (results.length ? results[results.length - 1].rows : []) as T[];
    }
    return (await target.query<T>(sql, params)).rows;
  };

  return {
    kind: 'pglite',
    query: run(db),
    tx: (fn) => db.transaction((t) => fn(run(t as unknown as PGlite))),
    async listen(channel, fn) {
      bus.on(channel, fn);
      return async () => void bus.off(channel, fn);
    },
    async notify(channel, payload) {
      // Delivered after the caller continues, as a real NOTIFY is.
      setImmediate(() => bus.emit(channel, payload));
    },
    async close() {
      if (closed) return;
      closed = true;
      bus.removeAllListeners();
      await db.close();
    },
    /** Tar (uncompressed) of the data directory: a `template` for another store. */
    async dump() {
      return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
    },
  };
}
