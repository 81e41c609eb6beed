// Whole-service harness for the convert/jobs/results suites: the real app on a real socket, over
// PGlite (always) and PostgreSQL (when TEST_DATABASE_URL is set), with a fake or real model gateway.
import { after, before, beforeEach, type TestContext } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { buildApp, type App } from '../../src/app.js';
import type { JobRuntimeOptions } from '../../src/api/jobs-runtime.js';
import type { TierName } from '../../src/config.js';
import type { ModelGateway } from '../../src/models/gateway.js';
import { openStore, type Store } from '../../src/store/index.js';
import { fakeGateway, testConfig, type FakeGatewayControl } from './fakes.js';

import { openTestStore, storeBackends, type StoreKind, type TestStore } from '../helpers/app.js';

export type { StoreKind };
export const STORE_KINDS: StoreKind[] = storeBackends();

export interface Harness {
  app: App;
  store: Store;
  /** PostgreSQL schema of this service (to start a second node on it). */
  schema: string;
  base: string;
  ctl: FakeGatewayControl;
  account(tier?: TierName, emailVerified?: boolean): Promise<{ accountId: string; key: string }>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  jobs?: JobRuntimeOptions;
  gateway?: ModelGateway;
  logger?: unknown;
  dataDir?: string;
  /** PostgreSQL: join this existing schema (a second node of the same cluster); it is not dropped. */
  joinSchema?: string;
}

export async function startService(t: TestContext, kind: StoreKind, opts: HarnessOptions = {}): Promise<Harness> {
  const { harness, close } = await openService(kind, opts);
  t.after(close);
  return harness;
}

/**
 * One service for a whole describe block (opening PGlite and migrating dominates test time):
 * tests take fresh accounts, and the fake gateway is reset before each.
 */
export function sharedService(kind: StoreKind, opts: HarnessOptions = {}): () => Harness {
  let opened: { harness: Harness; close: () => Promise<void> } | undefined;
  before(async () => { opened = await openService(kind, opts); });
  after(async () => { await opened?.close(); });
  beforeEach(() => {
    const ctl = opened!.harness.ctl;
    Object.assign(ctl, { ready: true, gate: null, failWith: null, calls: 0, lastSignal: null, pageDelayMs: 0 });
  });
  return () => opened!.harness;
}

async function openService(kind: StoreKind, opts: HarnessOptions): Promise<{ harness: Harness; close: () => Promise<void> }> {
  // The foundation's test store (PGlite in memory, or a fresh PostgreSQL schema dropped on close);
  // a PGlite data directory (retention scan) or a second node on an existing schema are opened here.
  let ts: TestStore;
  if (opts.joinSchema) {
    const store = await openStore({ dataDir: '', databaseUrl: process.env.TEST_DATABASE_URL, schema: opts.joinSchema });
    ts = { store, kind, schema: opts.joinSchema, dataDir: '', cleanup: () => store.close() };
  } else if (opts.dataDir && kind === 'pglite') {
    const store = await openStore({ dataDir: opts.dataDir });
    ts = { store, kind, dataDir: opts.dataDir, cleanup: () => store.close() };
  } else {
    ts = await openTestStore(kind);
  }
  const { store } = ts;
  const schema = ts.schema ?? '';
  const ctl = fakeGateway();
  const config = testConfig({ DOCCONV_WEBHOOK_ALLOW_HOSTS: '127.0.0.1', ...opts.env });
  const app = await buildApp({
    config, store, models: opts.gateway ?? ctl.gateway, logger: (opts.logger ?? false) as never,
    jobs: { webhookPollMs: 20, ...opts.jobs },
    keepStoreOpen: true, // closed by ts.cleanup() after the app
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const close = async () => {
    await app.close();
    await ts.cleanup();
  };
  const harness: Harness = {
    app, store, base, ctl, schema,
    async account(tier: TierName = 'starter', emailVerified = true) {
      const created = await app.accounts.createAccount(tier, emailVerified);
      return { accountId: created.account_id, key: created.key };
    },
  };
  return { harness, close };
}

const PROSE: [string, string][] = [
  ['Rivers carry silt toward the delta where', 'settles into fertile plains.'],
  ['Astronomers measured the faint glow that', 'revealed a distant galaxy.'],
  ['The committee approved a budget in which', 'funds the new library wing.'],
  ['Bakers knead dough before dawn so that', 'rises in time for breakfast.'],
  ['Engineers tested the bridge while', 'watched the load gauges closely.'],
  ['Gardeners prune roses in late winter and', 'encourages vigorous spring growth.'],
  ['Sailors read the clouds because', 'warns them of approaching squalls.'],
];

/** A real PDF with `pages` pages, each carrying the marker text. */
export async function makePdf(pages: number, marker: string, opts: { extraLines?: number } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([612, 792]);
    // Body text in mid-page, different words on every page (lines repeated across pages, digits
    // aside, are page furniture and dropped by the parser).
    const words = PROSE[i % PROSE.length];
    page.drawText(`${words[0]} ${marker} ${words[1]}`, { x: 72, y: 500, size: 12, font });
    page.drawText(PROSE[(i + 3) % PROSE.length].join(' '), { x: 72, y: 480, size: 12, font });
    // `extraLines` more body lines (≤ 25, inside the body band): a page that costs real parsing time.
    for (let k = 0; k < Math.min(opts.extraLines ?? 0, 25); k++) page.drawText(PROSE[(i + k + 5) % PROSE.length].join(' '), { x: 72, y: 460 - 14 * k, size: 12, font });
  }
  return doc.save();
}

export function form(file: Uint8Array, fields: Record<string, string> = {}, fileName = 'doc.pdf'): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', new Blob([file], { type: 'application/pdf' }), fileName);
  return fd;
}

export async function convert(h: Harness, key: string | null, file: Uint8Array, fields: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${h.base}/v1/convert`, {
    method: 'POST',
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    body: form(file, fields),
  });
}

export interface SseEvent { id?: string; event: string; data: any }

/** A real SSE client over fetch: parses text/event-stream until the server closes (or timeout). */
export async function readSse(url: string, key: string | null, opts: { lastEventId?: string; timeoutMs?: number; stopAfter?: (e: SseEvent[]) => boolean } = {}): Promise<{ status: number; contentType: string | null; events: SseEvent[]; closedByServer: boolean; comments: string[] }> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), opts.timeoutMs ?? 5000);
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...(key ? { authorization: `Bearer ${key}` } : {}), ...(opts.lastEventId ? { 'last-event-id': opts.lastEventId } : {}) },
    signal: ac.signal,
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let closedByServer = false;
  if (res.status !== 200 || !res.body) {
    clearTimeout(timer);
    return { status: res.status, contentType: res.headers.get('content-type'), events, closedByServer, comments };
  }
  const decoder = new TextDecoder();
  let buf = '';
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buf += decoder.decode(chunk, { stream: true });
      let idx: number;
      while ((idx = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, idx);
        buf = buf.slice(idx + 2);
        const ev: Partial<SseEvent> & { dataLines?: string[] } = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) comments.push(line.slice(1).trim());
          else if (line.startsWith('id:')) ev.id = line.slice(3).trim();
          else if (line.startsWith('event:')) ev.event = line.slice(6).trim();
          else if (line.startsWith('data:')) (ev.dataLines ??= []).push(line.slice(5).trim());
        }
        if (ev.event) events.push({ id: ev.id, event: ev.event, data: JSON.parse((ev.dataLines ?? []).join('\n')) });
      }
      if (opts.stopAfter?.(events)) {
        ac.abort();
        break;
      }
    }
    closedByServer = !ac.signal.aborted;
  } catch (err) {
    if (!ac.signal.aborted) throw err;
  } finally {
    clearTimeout(timer);
  }
  return { status: res.status, contentType: res.headers.get('content-type'), events, closedByServer, comments };
}

/** Links are built from DOCCONV_PUBLIC_URL (http://docconv.test in tests): point them at the socket. */
export function local(h: Harness, url: string): string {
  return url.replace(/^http:\/\/docconv\.test/, h.base);
}
