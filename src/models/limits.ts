// Named limits of the GPU-model adapters (models-wire.md). Environment-driven values live in
// src/config.ts (timeouts, concurrency of vLLM); these are the fixed ones.

/** Pages per `/file_parse` call: small enough that DOCCONV_MODEL_TIMEOUT_S stays meaningful. */
export const MINERU_WINDOW_PAGES = 8;
/** Pages per `/layout-parsing` call: PaddleX renders at most 10 and silently drops the rest. */
export const PADDLEX_WINDOW_PAGES = 10;
/** Windows in flight per mineru-api / PaddleX server. */
export const MINERU_CONCURRENCY = 2;
export const PADDLEX_CONCURRENCY = 2;
/** Granite-Docling page render resolution: docling's scale 2.0 of 72 dpi. */
export const GRANITE_RENDER_DPI = 144;
export const GRANITE_MAX_TOKENS = 4096;
export const GRANITE_PROMPT = 'Convert this page to docling.';
export const GRANITE_STOP = ['</doctag>', '<|end_of_text|>'];
/** Warming backoff: 1 s growing to at most 5 s (models-wire.md). */
export const WARMUP_BACKOFF_START_MS = 1_000;
export const WARMUP_BACKOFF_MAX_MS = 5_000;
/** Attempts of one call that fails for a retryable reason: the first try plus one retry. */
export const MAX_ATTEMPTS = 2;
/** Circuit breaker: this many consecutive failed calls open it for the cool-down. */
export const BREAKER_FAILURE_THRESHOLD = 5;
export const BREAKER_COOLDOWN_MS = 30_000;
/** Largest upstream body read (answers are Markdown/JSON of at most 10 pages). */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
