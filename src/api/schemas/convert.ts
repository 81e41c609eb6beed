// Spec §2 ConvertResult/ConvertPage/ConvertMeta/AsyncJob and the POST /convert route schema.
// The multipart form is declared for the OpenAPI document only (DECISIONS §2): the route validates
// the fields in code while streaming, so it sits under DOCS_ONLY_BODY, which Fastify ignores and the
// OpenAPI generator turns into the request body (see src/api/openapi.ts).
import { Type, type Static } from '@sinclair/typebox';
import { BEARER, HEADERS, IdempotencyHeaders, KEY_ROUTE_ERRORS, KEY_ROUTE_HEADERS, Obj, StringEnum, described, errorResponses } from './common.js';
import { AsyncJob } from './jobs.js';
import { BLOCK_TYPES } from '../../convert/model.js';

export const DOCS_ONLY_BODY = 'x-docs-body';

export const MODEL_IDS = ['auto', 'builtin', 'mineru-2.5', 'granite-docling', 'paddleocr-vl'] as const;
export type ModelChoice = (typeof MODEL_IDS)[number];
/** Spec §4: the contract default of `model` (DECISIONS §4 for when it is not deployed). */
export const DEFAULT_MODEL: ModelChoice = 'mineru-2.5';

export const Block = Obj(
  {
    type: StringEnum(BLOCK_TYPES, { description: '`page_header` and `page_footer` are furniture: not part of the page\'s Markdown.' }),
    bbox: Type.Array(Type.Number(), { minItems: 4, maxItems: 4, description: '[x0, y0, x1, y1], origin at the page\'s top-left, in the units of `width`/`height`.' }),
    markdown: Type.String(),
    level: Type.Optional(Type.Integer({ minimum: 1, maximum: 6, description: 'Headings only.' })),
    continues: Type.Optional(Type.Boolean({ description: 'Tables and paragraphs: the block goes on from the last block of its type on the previous page (a table or a sentence continued over a page break). Each page\'s `markdown` keeps its own part as printed; the document\'s `markdown` joins a continued paragraph to the one it continues.' })),
    repeated_header_rows: Type.Optional(Type.Integer({ minimum: 1, description: 'With `continues`: how many of the first rows repeat the header of the part before; a reader joining the parts drops them.' })),
  },
  { title: 'Block' },
);

export const ConvertPage = Obj(
  {
    index: Type.Integer({ minimum: 0, description: 'Zero-based index of the page in the source document (also with `pages`).' }),
    markdown: Type.String(),
    error: Type.Optional(Type.String({ description: 'Only with `on_page_error=skip`, on a page that failed: its error code (the page\'s `markdown` is empty).' })),
    width: Type.Optional(Type.Number({ description: 'With formats=blocks: page width in PDF points (images: pixels at 72 dpi).' })),
    height: Type.Optional(Type.Number({ description: 'With formats=blocks: page height, same units.' })),
    blocks: Type.Optional(Type.Array(Block, { description: 'With formats=blocks: the page\'s blocks in reading order; `markdown` is its non-furniture blocks\' Markdown joined by blank lines (DECISIONS §8).' })),
  },
  { title: 'ConvertPage' },
);

export const ConvertMeta = Obj(
  {
    pages: Type.Integer({ minimum: 0, description: 'Pages converted: the selected pages when `pages` was sent.' }),
    sha256: Type.String({ description: 'Lowercase hex SHA-256 of the source bytes (not stored).' }),
    timing_ms: Type.Integer({ minimum: 0 }),
    backend: Type.String({ description: 'Conversion backend that served the request (`builtin` for the CPU parser).' }),
    model: Type.Optional(Type.String({ description: 'Model that produced the result; with `auto`, the one the router chose.' })),
    route_reason: Type.Optional(Type.String({ description: 'Why `auto` (or an undeployed default) chose the model; empty for an explicit choice.' })),
    failed_pages: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { description: 'Only with `on_page_error=skip`: zero-based indexes of the pages that failed (not charged).' })),
  },
  { title: 'ConvertMeta' },
);

export const ConvertResult = Obj(
  { markdown: Type.String(), pages: Type.Array(ConvertPage), meta: ConvertMeta },
  { title: 'ConvertResult' },
);
export type ConvertResult = Static<typeof ConvertResult>;

/** An answer as the service gives it (a two-page PDF, pages=1,3 of it, on_page_error=skip). */
export const CONVERT_RESULT_EXAMPLE: Static<typeof ConvertResult> = {
  markdown: '# Annual report\n\nRevenue grew in every region.\n\n',
  pages: [
    { index: 0, markdown: '# Annual report\n\nRevenue grew in every region.' },
    { index: 2, markdown: '', error: 'page_too_large' },
  ],
  meta: {
    pages: 2, sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', timing_ms: 840, backend: 'builtin',
    model: 'builtin', route_reason: '', failed_pages: [2],
  },
};

export const ConvertForm = Type.Object(
  {
    file: Type.String({ format: 'binary', description: 'The PDF or image (PNG, JPEG, TIFF, WebP).' }),
    model: Type.Optional(StringEnum(MODEL_IDS, { default: DEFAULT_MODEL, description: 'Parser model; `auto` routes by content.' })),
    formats: Type.Optional(Type.String({ default: 'md,json', pattern: '^(md|json|blocks)(,(md|json|blocks)){0,2}$', description: 'Comma-separated from `md`, `json`, `blocks` (JSON whose pages carry `width`, `height` and `blocks` with boxes).' })),
    lang: Type.Optional(Type.String({ maxLength: 128, description: 'OCR language hint: ISO 639-1/639-2 or Tesseract codes, joined by `+`.' })),
    prefer: Type.Optional(StringEnum(['sync', 'async'] as const, { description: 'Forces the path regardless of size.' })),
    delivery: Type.Optional(StringEnum(['inline', 'sse', 'webhook'] as const, { description: 'Async result delivery.' })),
    webhook: Type.Optional(Type.String({ format: 'uri', description: 'HTTPS callback URL; required with delivery=webhook.' })),
    webhook_secret: Type.Optional(Type.String({ minLength: 16, description: 'HMAC signing secret of the callback; required with delivery=webhook.' })),
    pages: Type.Optional(Type.String({
      maxLength: 4096,
      example: '1-3,7,10-',
      description: '1-based pages and ranges joined by commas (`N-` = to the end); whitespace ignored, overlaps merged. Only these pages are converted, metered and counted by the sync gate and the plan\'s page limit; `pages[].index` stays the source index. Malformed, 0 or beyond the document: 400 `invalid_request` naming the page count.',
    })),
    on_page_error: Type.Optional(StringEnum(['fail', 'skip'] as const, {
      default: 'fail',
      description: '`skip`: a page that fails comes back with empty `markdown` and its `error` code, listed in `meta.failed_pages`, and is not charged; the document fails only when every page failed (with the first page\'s code).',
    })),
  },
  { additionalProperties: false, title: 'ConvertForm' },
);

export const convertSchema = {
  summary: 'Convert a PDF or image to Markdown and JSON (sync 200, or an async job 202)',
  description: [
    'Upload one document as `multipart/form-data` (fields before the `file` part are checked before its bytes are read).',
    'Documents of at most 10 pages and 8 MB are converted while the request waits (200); larger ones, `prefer=async`,',
    '`delivery=webhook`, or a cold model server make a job (202): follow `links.events` (server-sent events); its',
    '`completed` event carries the one-time `token` and the `result_url`, `markdown_url` and `json_url` to read the result',
    'once. With `formats=md` alone the 200 body is the Markdown itself (`Content-Type: text/markdown`), not JSON.',
    '',
    '`pages` converts only some pages (e.g. `1-3,7,10-`); `on_page_error=skip` delivers the pages that converted when',
    'others fail (`pages[].error`, `meta.failed_pages`; failed pages are not charged).',
    '',
    'With `delivery=webhook` the service POSTs `{"type":"job.completed","job_id","result_url"}` or',
    '`{"type":"job.failed","job_id","error_code"}` to `webhook`, signed in `X-Service-Signature: t=<unix seconds>,v1=<hex',
    'HMAC-SHA256 of "<t>.<raw body>" keyed by webhook_secret>`, with a `Webhook-Id` stable across retries (see `x-webhooks`).',
    '',
    'Send an `Idempotency-Key` (a fresh UUID per conversion) to retry safely: a job\'s 202 is replayed; a sync 200 is not',
    '(results are not kept), so the same key again answers 409 `idempotency_key_reused`.',
  ].join('\n'),
  tags: ['convert'],
  security: BEARER,
  consumes: ['multipart/form-data'],
  headers: IdempotencyHeaders,
  [DOCS_ONLY_BODY]: ConvertForm,
  response: {
    200: {
      description: 'Converted inline: ConvertResult JSON, or the Markdown alone when formats=md.',
      headers: KEY_ROUTE_HEADERS,
      content: {
        'application/json': { schema: ConvertResult, example: CONVERT_RESULT_EXAMPLE },
        'text/markdown': { schema: Type.String(), example: '# Annual report\n\nRevenue grew in every region.' },
      },
    },
    202: described(AsyncJob, 'Accepted as an async job: follow links.events, poll links.self, or wait for the webhook.', { ...KEY_ROUTE_HEADERS, ...HEADERS.replayed }),
    ...errorResponses(
      ...KEY_ROUTE_ERRORS, 'signup_required', 'api_not_available_on_tier', 'forbidden_tier', 'model_not_available',
      'quota_exceeded', 'idempotency_key_reused', 'idempotency_in_progress', 'file_too_large', 'unsupported_media_type',
      'too_many_pages', 'encrypted_pdf', 'malformed_document', 'page_too_large', 'document_too_complex', 'concurrency_limit', 'conversion_failed',
    ),
  },
};
