// Reads the POST /convert multipart form as it streams (DECISIONS §2/§4): fields validated in code
// (an omitted field is seen before any default), the file collected in memory only (DECISIONS §6),
// hashed on the fly and cut off at the tier's maximum with 413 before the rest of the body arrives.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart'; // request.parts() / isMultipart() typings
import { ServiceError } from '../errors/service-error.js';
import { LanguageError } from '../convert/index.js';
import { resolveOcrLanguages } from '../convert/ocr/languages.js';
import { MODEL_IDS } from './schemas/convert.js';
import { validateWebhookTarget } from '../jobs/webhooks/validate.js';
import type { Delivery } from '../jobs/job-store.js';

export const FORM_LIMITS = {
  /** Text fields are short: ids, a URL, a secret. */
  fieldSizeBytes: 4096,
  fields: 16,
  parts: 20,
  headerPairs: 200,
} as const;

const FIELD_NAMES = ['model', 'formats', 'lang', 'prefer', 'delivery', 'webhook', 'webhook_secret', 'pages', 'on_page_error'] as const;

export interface ConvertFields {
  /** As sent; undefined when omitted (the gateway applies DECISIONS §4's default). */
  model: string | undefined;
  /** Canonical: the requested subset of FORMATS in that order, joined by commas (e.g. `md,json`). */
  formats: string;
  lang: string | undefined;
  prefer: 'sync' | 'async' | undefined;
  delivery: Delivery | undefined;
  webhook: { url: string; secret: string } | undefined;
  /** DECISIONS §8: the page selection as sent (parsed once the page count is known, page-ranges.ts). */
  pages: string | undefined;
  /** DECISIONS §8: `skip` delivers the pages that converted; undefined = `fail`. */
  onPageError: 'fail' | 'skip' | undefined;
}

export interface ConvertUpload {
  fields: ConvertFields;
  /** The raw fields, for the idempotency fingerprint. */
  rawFields: Record<string, string>;
  bytes: Buffer;
  sha256: string;
}

/** `blocks` (DECISIONS §8) adds page sizes and blocks with boxes to the JSON result. */
export const FORMATS = ['md', 'json', 'blocks'] as const;

const invalid = (message: string) => new ServiceError('invalid_request', message);

/**
 * Validates the fields; throws 400 invalid_request. `partial`: only the fields seen so far (before
 * the file part), so requirements between fields that may still follow are not checked yet.
 */
export function validateFields(raw: Record<string, string>, allowHosts: readonly string[], partial = false): ConvertFields {
  for (const name of Object.keys(raw)) if (!(FIELD_NAMES as readonly string[]).includes(name)) throw invalid(`Unknown form field "${name.slice(0, 40)}".`);
  const model = raw.model;
  if (model !== undefined && !(MODEL_IDS as readonly string[]).includes(model)) throw invalid(`model must be one of ${MODEL_IDS.join(', ')}.`);
  let formats = 'md,json';
  if (raw.formats !== undefined) {
    const parts = raw.formats.split(',').map((s) => s.trim());
    if (parts.length === 0 || parts.length > FORMATS.length || parts.some((p) => !(FORMATS as readonly string[]).includes(p))) throw invalid('formats must be a comma-separated list of md, json, blocks.');
    formats = FORMATS.filter((f) => parts.includes(f)).join(',');
  }
  if (raw.prefer !== undefined && raw.prefer !== 'sync' && raw.prefer !== 'async') throw invalid('prefer must be sync or async.');
  const delivery = raw.delivery;
  if (delivery !== undefined && delivery !== 'inline' && delivery !== 'sse' && delivery !== 'webhook') throw invalid('delivery must be inline, sse or webhook.');
  let webhook: ConvertFields['webhook'];
  if (partial) {
    if (raw.webhook !== undefined && raw.webhook_secret !== undefined) validateWebhookTarget(raw.webhook, raw.webhook_secret, allowHosts);
  } else if (delivery === 'webhook') {
    if (raw.webhook === undefined || raw.webhook_secret === undefined) throw invalid('delivery=webhook requires webhook and webhook_secret.');
    validateWebhookTarget(raw.webhook, raw.webhook_secret, allowHosts);
    webhook = { url: raw.webhook, secret: raw.webhook_secret };
    if (raw.prefer === 'sync') throw invalid('delivery=webhook always creates a job; it cannot be combined with prefer=sync.');
  } else if (raw.webhook !== undefined || raw.webhook_secret !== undefined) {
    throw invalid('webhook and webhook_secret are only accepted with delivery=webhook.');
  }
  if (raw.lang !== undefined) {
    if (raw.lang.length > 128) throw invalid('lang is too long.');
    try {
      resolveOcrLanguages(raw.lang);
    } catch (err) {
      if (err instanceof LanguageError) throw invalid(err.message);
      throw err;
    }
  }
  if (raw.pages !== undefined && raw.pages.trim() === '') throw invalid('pages must not be empty (e.g. 1-3,7,10-).');
  const onPageError = raw.on_page_error;
  if (onPageError !== undefined && onPageError !== 'fail' && onPageError !== 'skip') throw invalid('on_page_error must be fail or skip.');
  return { pages: raw.pages, onPageError, model, formats, lang: raw.lang, prefer: raw.prefer as ConvertFields['prefer'], delivery: delivery as Delivery | undefined, webhook };
}

function isFileTooLarge(err: unknown): boolean {
  return (err as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE';
}

function mapMultipartError(err: unknown, maxBytes: number): never {
  const code = (err as { code?: string })?.code;
  if (isFileTooLarge(err)) {
    // Answered at once, while the client may still be sending; the rest is discarded unread
    // (Node drains it), so clients that read the response only after uploading still see the 413.
    throw new ServiceError('file_too_large', `The file exceeds the maximum of ${maxBytes} bytes for this plan.`);
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw invalid('Too many form parts: one file and the documented fields are accepted.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw invalid('The request must be multipart/form-data.');
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('Invalid form field.');
  if (err instanceof ServiceError) throw err;
  const message = (err as Error)?.message ?? '';
  if (/Unexpected end of (form|multipart data)|Part terminated early|Malformed part header|Multipart: Boundary not found/i.test(message)) throw invalid('Malformed multipart body.');
  throw err;
}

/**
 * Collects the file part in memory, hashing as it arrives. Busboy keeps reading (and discarding)
 * after the size limit, so the limit event is raced here: the 413 goes out at once.
 */
function collectFile(file: NodeJS.ReadableStream & { truncated?: boolean }, maxBytes: number, expectedBytes: number): Promise<{ bytes: Buffer; sha256: string }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    // The file is copied into one buffer sized from the admitted length (the body's declared size
    // bounds the file's), so it is never held twice as chunks + their concatenation (issue 10 item 1).
    // Pages of it never written are never touched, so an over-declared body costs address space only.
    let target: Buffer | null = expectedBytes > 0 ? Buffer.allocUnsafe(Math.min(expectedBytes, maxBytes)) : null;
    const chunks: Buffer[] = [];
    let size = 0;
    const tooLarge = () => {
      chunks.length = 0;
      target = null;
      file.removeAllListeners('data');
      reject(Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' }));
    };
    file.on('data', (chunk: Buffer) => {
      if (size + chunk.length > maxBytes || file.truncated) return tooLarge();
      hash.update(chunk);
      if (target && size + chunk.length <= target.length) chunk.copy(target, size);
      else {
        // More than declared (a length that lied, or none): fall back to chunks from here on.
        if (target) chunks.push(Buffer.from(target.subarray(0, size)));
        target = null;
        chunks.push(chunk);
      }
      size += chunk.length;
    });
    file.once('limit', tooLarge);
    file.once('error', reject);
    let ended = false;
    file.once('end', () => {
      ended = true;
      if (file.truncated) return tooLarge();
      const bytes = target ? target.subarray(0, size) : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
      resolve({ bytes, sha256: hash.digest('hex') });
    });
    // A body cut short can destroy the part (its error already emitted) before these listeners
    // exist, or close it without an 'end': either way the request must not wait forever.
    const cutShort = () => reject(new Error('Part terminated early'));
    file.once('close', () => { if (!ended) cutShort(); });
    const state = file as unknown as { destroyed?: boolean; readableEnded?: boolean };
    if (state.destroyed && !state.readableEnded) cutShort();
  });
}

/**
 * `checkFields` runs on the fields known when the file part starts (and again on all of them at
 * the end), so field-level refusals such as an undeployed model precede the size check.
 */
export async function readConvertUpload(request: FastifyRequest, maxBytes: number, allowHosts: readonly string[], checkFields: (f: ConvertFields) => void = () => {}, expectedBytes = 0): Promise<ConvertUpload> {
  if (!request.isMultipart()) throw invalid('The request must be multipart/form-data with a file part.');
  const raw: Record<string, string> = {};
  let file: { bytes: Buffer; sha256: string } | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: FORM_LIMITS.fields, parts: FORM_LIMITS.parts, fieldSize: FORM_LIMITS.fieldSizeBytes, headerPairs: FORM_LIMITS.headerPairs },
    });
    for await (const part of parts) {
      // A part without a name (no `name=` in its Content-Disposition) has an undefined fieldname.
      const name = typeof part.fieldname === 'string' ? part.fieldname : '';
      if (part.type === 'field') {
        if (name === 'file') throw invalid('file must be a file part.');
        if (part.valueTruncated) throw invalid(`Form field "${name.slice(0, 40)}" is too long.`);
        if (Object.prototype.hasOwnProperty.call(raw, name)) throw invalid(`Form field "${name.slice(0, 40)}" is repeated.`);
        raw[name] = String(part.value);
        continue;
      }
      if (name !== 'file') throw invalid(`Unexpected file part "${name.slice(0, 40)}"; the document goes in "file".`);
      // Fields sent before the file are checked before its bytes are read (DECISIONS §4 order).
      checkFields(validateFields(raw, allowHosts, true));
      file = await collectFile(part.file, maxBytes, expectedBytes);
    }
  } catch (err) {
    mapMultipartError(err, maxBytes);
  }
  const fields = validateFields(raw, allowHosts);
  checkFields(fields);
  if (!file) throw invalid('The form has no file part named "file".');
  if (file.bytes.length === 0) throw new ServiceError('unsupported_media_type', 'The file is empty.');
  return { fields, rawFields: raw, bytes: file.bytes, sha256: file.sha256 };
}
