// POST /v1/convert (spec §4, DECISIONS §4): checks in the contract's order, then either converts
// inline (200) or accepts a job (202). Conversion only goes through the model gateway.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS, TIERS } from '../config.js';
import { canonicalJson, fingerprint } from '../accounts/idempotency.js';
import { ROUTE_AUTH, type KeyCaller } from '../accounts/scopes.js';
import { ParseError, LanguageError, probeDocument, sniffMediaType } from '../convert/index.js';
import type { AdmissionLease, MeterLease } from '../accounts/meter-lease.js';
import type { ModelId } from '../models/gateway.js';
import { ServiceError } from '../errors/service-error.js';
import { isErrorCode } from '../errors/catalogue.js';
import { newJobId } from '../jobs/service.js';
import type { DocumentProbe } from '../models/types.js';
import { chargedPages, documentMarkdown, pageDetail, wantsBlocks, type PageDetail } from '../models/page-detail.js';
import { convertSchema, type ConvertResult } from './schemas/convert.js';
import { isWholeDocument, selectPages } from './page-ranges.js';
import { readConvertUpload, type ConvertFields, type ConvertUpload } from './convert-form.js';
import './jobs-runtime.js';
import type { UploadTicket } from './upload-admission.js';
import { releasedLargeBuffer } from '../release-memory.js';

const ROUTE = 'POST /v1/convert';

/** Stand-in document for checking an explicit model choice before the document is read. */
const NEUTRAL_PROBE: DocumentProbe = { mediaType: 'application/pdf', pages: 1, textLayerCoverage: 1, scannedPages: 0, hasTables: false, hasFormulas: false, hasImages: false, script: 'latin' };

/** Probe failures are document errors with catalogue codes (ParseError) or a bad `lang`. */
function asServiceError(err: unknown): unknown {
  if (err instanceof ParseError) return new ServiceError(err.code, err.message);
  if (err instanceof LanguageError) return new ServiceError('invalid_request', err.message);
  const code = (err as { code?: unknown })?.code;
  if (!(err instanceof ServiceError) && isErrorCode(code) && (err as Error).message) return new ServiceError(code, (err as Error).message);
  return err;
}

/**
 * The spec's ConvertResult; a page gains `error` (skip) or `width`, `height`, `blocks`
 * (formats=blocks) only when asked for, so a plain request gets exactly the spec's shape.
 */
export function buildConvertResult(pages: string[], meta: ConvertResult['meta'], detail: PageDetail = {}): ConvertResult {
  const errors = new Map((detail.failed ?? []).map((f) => [f.index, f.code]));
  const out = pages.map((markdown, k) => {
    const index = detail.indexes?.[k] ?? k;
    const error = errors.get(index);
    const l = detail.layout?.[k];
    const page = error === undefined ? { index, markdown } : { index, markdown, error };
    return l ? { ...page, width: l.width, height: l.height, blocks: l.blocks } : page;
  });
  const fullMeta = detail.failed ? { ...meta, failed_pages: detail.failed.map((f) => f.index) } : meta;
  return { markdown: documentMarkdown(pages, detail), pages: out, meta: fullMeta };
}

type Path = 'sync' | 'async';

/** Sync gate (DECISIONS §4): ≤10 pages and ≤8 MB; prefer and delivery=webhook force the path. */
export function choosePath(fields: ConvertFields, pages: number, bytes: number, ready: boolean): Path {
  if (fields.delivery === 'webhook' || fields.prefer === 'async') return 'async';
  const overPages = pages > LIMITS.syncMaxPages;
  const overBytes = bytes > LIMITS.syncMaxBytes;
  if (fields.prefer === 'sync') {
    if (overPages) throw new ServiceError('too_many_pages', `The synchronous path takes at most ${LIMITS.syncMaxPages} pages; send prefer=async for a job.`);
    if (overBytes) throw new ServiceError('file_too_large', `The synchronous path takes at most ${LIMITS.syncMaxBytes} bytes; send prefer=async for a job.`);
    return 'sync';
  }
  if (overPages || overBytes || !ready) return 'async';
  return 'sync';
}

/** The upload's admission ticket, taken in onRequest (before the body is read). */
const tickets = new WeakMap<FastifyRequest, UploadTicket>();

/**
 * DECISIONS §9: capacity is refused before the body is read, with 429 `concurrency_limit` and
 * Retry-After: no free slot for the account (its cached meter), too many uploads of the account in
 * progress, or the node's bytes in flight would pass DOCCONV_MAX_INFLIGHT_MB. The declared length
 * is counted (the tier's maximum when none is declared); the reply's close releases it.
 */
async function admitUpload(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const caller = request.caller as KeyCaller;
  const tier = TIERS[caller.tier];
  const meter = await app.metering.snapshot(caller.accountId);
  if (meter.slotsInUse >= meter.slotLimit) {
    throw new ServiceError('concurrency_limit', `All ${meter.slotLimit} concurrent-conversion slots are in use.`, { 'Retry-After': String(LIMITS.concurrencyRetryAfterS) });
  }
  const cap = tier.maxFileBytes + LIMITS.uploadFormOverheadBytes;
  const declared = Number(request.headers['content-length']);
  const bytes = Number.isSafeInteger(declared) && declared >= 0 ? Math.min(declared, cap) : cap;
  const ticket = app.uploads.admit(caller.accountId, tier.concurrency + 1, bytes);
  tickets.set(request, ticket);
  reply.raw.once('close', () => ticket.release());
}

export async function convertRoutes(app: FastifyInstance): Promise<void> {
  app.post('/convert', {
    schema: convertSchema,
    config: { auth: ROUTE_AUTH.convert },
    // Runs after the app's auth and rate-limit hook (route hooks follow the app's), body unread.
    onRequest: async (request, reply) => admitUpload(app, request, reply),
  }, async (request, reply) => {
    const caller = request.caller as KeyCaller;
    const tier = TIERS[caller.tier];
    const ticket = tickets.get(request)!;
    let upload: ConvertUpload;
    try {
      upload = await readConvertUpload(request, tier.maxFileBytes, app.config.webhookAllowHosts, (fields) => {
        // An explicit model never depends on the document (no fallback): an undeployed one is
        // refused with the form fields, before the size and media-type checks (DECISIONS §4 order).
        if (fields.model !== undefined && fields.model !== 'auto') app.models.select(fields.model, NEUTRAL_PROBE);
      }, ticket.bytes);
    } finally {
      ticket.bodyDone();
    }
    ticket.shrinkTo(upload.bytes.length);

    const idemKey = request.headers['idempotency-key'];
    const key = typeof idemKey === 'string' ? idemKey : undefined;
    if (key !== undefined) {
      const fp = fingerprint(ROUTE, canonicalJson(upload.rawFields), upload.sha256);
      const begun = await app.idempotency.begin(caller.accountId, ROUTE, key, fp);
      if (begun.kind === 'replay') {
        return reply.code(begun.status as 202).headers(begun.headers).header('idempotency-replayed', 'true').send(begun.body);
      }
    }
    // The record is completed before the answer goes out, so a retry that follows the answer at
    // once is replayed (202) or refused as reused (sync), never told "in progress".
    const accepted = async (status: 200 | 202, body: unknown) => {
      if (key !== undefined) await app.idempotency.complete(caller.accountId, ROUTE, key, status === 202 ? { status: 202, body } : { replayable: false });
    };
    try {
      await convert(app, request, reply, caller, upload, ticket, accepted);
      return reply;
    } catch (err) {
      if (key !== undefined) await app.idempotency.release(caller.accountId, ROUTE, key).catch(() => {});
      throw asServiceError(err);
    } finally {
      const released = upload.bytes.byteLength;
      upload.bytes = Buffer.alloc(0);
      releasedLargeBuffer(released);
    }
  });
}

async function convert(
  app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, caller: KeyCaller, upload: ConvertUpload, ticket: UploadTicket,
  accepted: (status: 200 | 202, body: unknown) => Promise<void>,
): Promise<void> {
  const { fields } = upload;
  if (!sniffMediaType(upload.bytes)) throw new ServiceError('unsupported_media_type'); // 415, magic bytes only
  // The account's slot is taken before the probe (issue 10 item 3): a document is opened only
  // under a slot, so costly documents cannot stall the pool for free. One lease settles it all.
  const lease = await app.meters.acquire(caller.accountId, app.jobService.syncHolderId()); // 429
  let admitted: Admitted;
  try {
    admitted = await admit(app, caller, upload, lease);
  } catch (err) {
    await lease.release();
    throw err;
  }
  if (admitted.path === 'sync') return convertSync(app, request, reply, upload, admitted, lease, accepted);

  const { probe, model, routeReason } = admitted;
  const holder = lease.holderId;
  // The document's bytes stay counted until the job drops them (DECISIONS §9).
  const releaseBytes = ticket.transfer();
  try {
    await app.jobService.submit({
      id: holder, accountId: caller.accountId, bytes: upload.bytes, mediaType: probe.mediaType, pages: admitted.pageCount,
      sha256: upload.sha256, model, routeReason, formats: fields.formats, delivery: fields.delivery ?? 'sse',
      lang: fields.lang, webhook: fields.webhook, onBytesDropped: releaseBytes,
      ...(admitted.selection ? { selection: admitted.selection, documentPages: probe.pages } : {}),
      ...(fields.onPageError ? { onPageError: fields.onPageError } : {}),
    });
  } catch (err) {
    releaseBytes();
    await lease.release(); // no job record: the lease is still ours; once submitted, the job settles it
    throw err;
  }
  const base = `${app.config.publicUrl}/v1/jobs/${holder}`;
  const body = { job_id: holder, status: 'queued' as const, links: { self: base, events: `${base}/events`, result: `${base}/result` } };
  await accepted(202, body);
  reply.code(202).header('location', base).send(body);
}

interface Admitted {
  path: Path; probe: DocumentProbe; model: ModelId; routeReason: string;
  /** Pages to convert (DECISIONS §8: the selection's size with `pages`). */
  pageCount: number;
  /** The selected pages, unless every page was selected. */
  selection?: number[];
}

/** Under the slot: probe (short budget) → tier page limit → model → sync gate → pages reserved (402). */
async function admit(app: FastifyInstance, caller: KeyCaller, upload: ConvertUpload, lease: AdmissionLease): Promise<Admitted> {
  const tier = TIERS[caller.tier];
  const { fields } = upload;
  // Behind the quota too (issue 10 item 3): an account with no page left cannot make the node
  // open documents for free; every document needs at least one page (the exact check follows).
  const left = await app.metering.pagesRemaining(caller.accountId);
  if (left < 1) throw new ServiceError('quota_exceeded', 'The page allowance is exhausted: 0 pages left.');
  let probe: DocumentProbe;
  try {
    probe = await probeDocument(upload.bytes, { budgetS: LIMITS.probeBudgetS, owner: caller.accountId }); // 415 / 422 document errors; queued fairly per account
  } catch (err) {
    throw asServiceError(err);
  }
  // DECISIONS §8: only the selected pages are converted, metered, gated and limited. A selection
  // of every page is no selection: the request then runs exactly as one without `pages`.
  const chosen = fields.pages === undefined ? undefined : selectPages(fields.pages, probe.pages);
  const selection = chosen && !isWholeDocument(chosen, probe.pages) ? chosen : undefined;
  const pageCount = chosen?.length ?? probe.pages;
  if (pageCount > tier.maxPagesPerDocument) {
    const what = chosen ? `${pageCount} pages are selected` : `The document has ${probe.pages} pages`;
    throw new ServiceError('too_many_pages', `${what}; the plan allows ${tier.maxPagesPerDocument} per document.`);
  }
  const { model, routeReason } = app.models.select(fields.model, probe);
  const path = choosePath(fields, pageCount, upload.bytes.length, app.models.isReady(model));
  // A job's holder is its id (the sweep finds a crashed node's jobs by it); sync keeps the node-named one.
  if (path === 'async') await lease.moveTo(newJobId());
  await lease.reserve(pageCount); // 402
  return { path, probe, model, routeReason, pageCount, ...(selection ? { selection } : {}) };
}

/** Sync: the conversion runs while the request waits; a dropped connection aborts it. */
async function convertSync(
  app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, upload: ConvertUpload, admitted: Admitted,
  lease: MeterLease, accepted: (status: 200 | 202, body: unknown) => Promise<void>,
): Promise<void> {
  const { fields } = upload;
  const { probe, model, routeReason } = admitted;
  const abort = new AbortController();
  const onClose = () => { if (!reply.raw.writableEnded) abort.abort(); };
  reply.raw.once('close', onClose);
  const started = Date.now();
  const { pageCount, selection } = admitted;
  let pages: string[];
  let backend: string;
  let detail: PageDetail;
  try {
    const out = await app.models.convert(model, { bytes: upload.bytes, mediaType: probe.mediaType, pages: probe.pages, ...(selection ? { selection } : {}) }, {
      ...(fields.onPageError ? { onPageError: fields.onPageError } : {}),
      ...(wantsBlocks(fields.formats) ? { blocks: true } : {}),
      lang: fields.lang,
      signal: abort.signal,
      pageTimeoutS: app.config.pageTimeoutS,
      // prefer=sync on a cold model waits this long, then 502 (DECISIONS §4).
      warmupDeadlineMs: Date.now() + app.config.syncWaitS * 1000,
    });
    pages = out.pages;
    backend = out.backend;
    detail = pageDetail(out, fields.onPageError === 'skip', wantsBlocks(fields.formats));
  } catch (err) {
    reply.raw.off('close', onClose);
    await lease.release();
    throw asServiceError(err);
  }
  reply.raw.off('close', onClose);
  // Charged once the conversion is done; a refused charge is retried, never released (issue 10 item 5).
  // DECISIONS §8: only delivered pages are charged.
  await lease.charge(chargedPages(pageCount, detail));
  const meta = { pages: pageCount, sha256: upload.sha256, timing_ms: Date.now() - started, backend, model, route_reason: routeReason };
  request.log.info({ pages: pageCount, timing_ms: meta.timing_ms, model, path: 'sync' }, 'converted');
  await accepted(200, null);
  if (fields.formats === 'md') {
    reply.code(200).type('text/markdown; charset=utf-8').send(documentMarkdown(pages, detail));
  } else {
    reply.code(200).type('application/json; charset=utf-8').send(buildConvertResult(pages, meta, detail));
  }
}
