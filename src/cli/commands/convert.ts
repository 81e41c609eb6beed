// `docconv convert FILE...`: uploads each document (the server picks sync ≤10 pages/≤8 MB, else a
// job; --async forces a job), follows a job's events with a progress bar, reads the result once
// with its token and writes NAME.md / NAME.json. Several files run with bounded parallelism.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { CLI_EXIT } from '../../errors/catalogue.js';
import { DocconvError, type ConvertFormat, type ConvertResult, type DocconvClient } from '../../client/index.js';
import { bool, positiveInt, str, UsageError, type Command } from '../args.js';
import type { CliContext } from '../context.js';
import { INPUT_MEDIA_TYPES, expandInputs, type InputFile } from '../inputs.js';
import { ConvertProgress, type ProgressMode } from '../progress.js';
import { reportError } from '../report.js';

const DEFAULT_PARALLEL = 4;
/**
 * Uploads retry longer than other calls: with several files in flight, 429 concurrency_limit is the
 * expected answer until a slot frees (the server sends Retry-After; the Idempotency-Key stays).
 */
const CONVERT_RETRY = { maxAttempts: 30, maxRetryAfterMs: 60_000 };

interface FileReport {
  input: string;
  ok: boolean;
  outputs: string[];
  job_id?: string;
  pages?: number;
  model?: string;
  backend?: string;
  mode?: 'sync' | 'async';
  error?: { code: string; status?: number; message: string; exit_code: number; request_id?: string };
}

interface Converted {
  markdown: string;
  result?: ConvertResult;
  jobId?: string;
  /** Page count: from the result's meta, or from the job's page events. */
  pages?: number;
}

export const convertCommand: Command = {
  name: 'convert',
  summary: 'convert PDFs and images (files or folders) to Markdown / JSON',
  args: 'FILE...',
  minArgs: 1,
  options: {
    output: { type: 'string', short: 'o', value: 'DIR|-', description: 'write NAME.md / NAME.json into DIR (default: next to each input); - = Markdown to stdout' },
    model: { type: 'string', short: 'm', value: 'MODEL', description: 'auto, builtin, mineru-2.5, granite-docling or paddleocr-vl (default: the server\'s)' },
    formats: { type: 'string', short: 'f', value: 'LIST', description: 'md, json, blocks or a list, e.g. md,json,blocks (default md); blocks: NAME.json pages carry blocks with boxes' },
    lang: { type: 'string', short: 'l', value: 'LANG', description: 'OCR language hint, e.g. en, deu, eng+fra' },
    pages: { type: 'string', value: 'LIST', description: 'only these 1-based pages, e.g. 1-3,7,10- (N- = to the end); only they are charged' },
    'on-page-error': { type: 'string', value: 'fail|skip', description: 'skip: a page that fails comes back empty with its error code instead of failing the document' },
    async: { type: 'boolean', description: 'always run as a job (prefer=async), e.g. for large documents' },
    detach: { type: 'boolean', description: 'submit as jobs and print their ids without waiting (follow with `docconv jobs watch ID`)' },
    parallel: { type: 'string', short: 'p', value: 'N', description: `documents in flight at once (default ${DEFAULT_PARALLEL})` },
    progress: { type: 'boolean', description: 'progress on stderr even when it is not a terminal (one line per event)' },
  },
  details: [
    'Small documents (≤10 pages, ≤8 MB) are converted inline; larger ones become jobs whose progress',
    'is followed over server-sent events. A folder argument expands to its PDFs and images.',
    'stdout: the written paths (or, with -o -, the Markdown; with --json, a report per file).',
    'Exit code: 0 when every file converted, else the exit code of the first failure (docconv errors).',
    '',
    'Examples:',
    '  docconv convert report.pdf                 # writes report.md next to it',
    '  docconv convert scans/ -o out --formats md,json',
    '  docconv convert paper.pdf --formats md,blocks  # paper.md, and paper.json with boxes',
    '  docconv convert big.pdf --async -o -       # Markdown to stdout',
    '  docconv convert big.pdf --detach           # prints the job id; then docconv jobs watch ID',
    '  docconv convert big.pdf --pages 1-3,10-    # only pages 1 to 3 and 10 to the end',
    '  docconv convert scan.pdf --on-page-error skip   # keep the pages that converted',
  ].join('\n'),
  async run(ctx, parsed) {
    const output = str(parsed, 'output');
    const toStdout = output === '-';
    if (toStdout && ctx.json) throw new UsageError('-o - (Markdown on stdout) cannot be combined with --json', 'convert');
    const formats = parseFormats(str(parsed, 'formats') ?? 'md');
    // A folder's other files are named, not skipped silently.
    const files = await expandInputs(parsed.positionals, ctx.io.cwd, toStdout ? undefined : output, (label) => ctx.note(`skipped ${label}: not a PDF or image (${Object.keys(INPUT_MEDIA_TYPES).join(' ')})`));
    const client = ctx.client();
    if (bool(parsed, 'detach')) {
      if (output !== undefined) throw new UsageError('--detach writes no files: read results with `docconv jobs watch ID -o FILE`', 'convert');
      return submitJobs(ctx, client, files, { model: str(parsed, 'model'), lang: str(parsed, 'lang'), formats, ...pageOptions(parsed) });
    }
    const parallel = str(parsed, 'parallel') !== undefined ? positiveInt(parsed, 'parallel', DEFAULT_PARALLEL, 'convert') : await defaultParallelism(client, files.length);
    if (output !== undefined && !toStdout) await mkdir(resolve(ctx.io.cwd, output), { recursive: true });

    const mode: ProgressMode = ctx.quiet ? 'off' : ctx.interactive ? 'bar' : bool(parsed, 'progress') ? 'lines' : 'off';
    const progress = new ConvertProgress(ctx.io.stderr, mode, files.map((f) => f.label));
    if (mode !== 'off') ctx.noteSink = (text) => progress.message(text);
    const options = { model: str(parsed, 'model'), lang: str(parsed, 'lang'), formats, prefer: bool(parsed, 'async') ? ('async' as const) : undefined, ...pageOptions(parsed) };
    const activeJobs = new Set<string>();
    const started = Date.now();
    const stopCancelling = cancelJobsOnInterrupt(client, activeJobs, progress);

    const reports: FileReport[] = new Array(files.length);
    const outputs: Converted[] = new Array(files.length);
    try {
      await forEachLimited(files, parallel, async (file, index) => {
        try {
          const converted = await convertFile(client, file, index, options, progress, activeJobs);
          outputs[index] = converted;
          const written = toStdout ? [] : await writeOutputs(file, converted, formats);
          const pages = converted.pages;
          reports[index] = {
            input: file.label, ok: true, outputs: written, job_id: converted.jobId, pages,
            model: converted.result?.meta.model, backend: converted.result?.meta.backend, mode: converted.jobId ? 'async' : 'sync',
          };
          const where = toStdout ? 'stdout' : written.map((p) => displayPath(ctx.io.cwd, p)).join(', ');
          progress.done(index, `done ${file.label} → ${where}${pages !== undefined ? ` (${pages} page${pages === 1 ? '' : 's'})` : ''}`, pages);
        } catch (error) {
          reports[index] = failureReport(file, error);
          progress.done(index, `failed ${file.label}`);
          progress.finish();
          ctx.io.stderr.write(`${file.label}: `);
          reportError(ctx.io, 'convert', ctx.json, error, ctx.config.apiKey !== undefined);
          if (!(error instanceof DocconvError) && !isNetworkish(error)) throw error;
        }
      });
    } finally {
      ctx.noteSink = undefined;
      progress.finish();
      stopCancelling();
    }

    if (ctx.json) ctx.outJson(reports);
    else if (toStdout) {
      for (const [i, converted] of outputs.entries()) {
        if (!converted) continue;
        ctx.io.stdout.write(formats.includes('md') ? converted.markdown : `${JSON.stringify(converted.result, null, 2)}\n`);
        if (i < outputs.length - 1) ctx.io.stdout.write('\n');
      }
    } else {
      for (const report of reports) for (const path of report.outputs) ctx.out(displayPath(ctx.io.cwd, path));
    }
    // Where progress is shown (a terminal, or --progress), the run ends with a summary line; a quiet
    // pipe stays quiet on success.
    if (!ctx.json && mode !== 'off') ctx.note(summaryLine(reports, Date.now() - started));
    const firstFailure = reports.find((r) => !r.ok);
    return firstFailure ? firstFailure.error!.exit_code : CLI_EXIT.ok;
  },
};

/** --pages and --on-page-error (DECISIONS §8), checked here so a typo is a usage error, not a 400 per file. */
function pageOptions(parsed: Parameters<Command['run']>[1]): { pages?: string; onPageError?: 'fail' | 'skip' } {
  const out: { pages?: string; onPageError?: 'fail' | 'skip' } = {};
  const pages = str(parsed, 'pages');
  if (pages !== undefined) {
    if (!/^[\d\s,-]+$/.test(pages)) throw new UsageError('--pages takes 1-based pages and ranges, e.g. 1-3,7,10-', 'convert');
    out.pages = pages;
  }
  const onPageError = str(parsed, 'on-page-error');
  if (onPageError !== undefined) {
    if (onPageError !== 'fail' && onPageError !== 'skip') throw new UsageError('--on-page-error takes fail or skip', 'convert');
    out.onPageError = onPageError;
  }
  return out;
}

/** The last line of a run: files converted and failed, pages, time (stderr). */
export function summaryLine(reports: ReadonlyArray<{ ok: boolean; pages?: number } | undefined>, elapsedMs: number): string {
  const done = reports.filter((r) => r?.ok);
  const failed = reports.length - done.length;
  const pages = done.reduce((n, r) => n + (r?.pages ?? 0), 0);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(done.length, 'file')} converted${pages ? ` (${plural(pages, 'page')})` : ''}${failed ? `, ${failed} failed` : ''} in ${(elapsedMs / 1000).toFixed(1)} s`;
}

/** Relative to the working directory when inside it, else absolute. */
function displayPath(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/** --detach: one async job per file (prefer=async); job ids on stdout in input order. */
async function submitJobs(ctx: CliContext, client: DocconvClient, files: InputFile[], options: { model?: string; lang?: string; formats: ConvertFormat[]; pages?: string; onPageError?: 'fail' | 'skip' }): Promise<number> {
  const reports: Array<{ input: string; job_id?: string; status?: string; links?: Record<string, string | undefined>; error?: FileReport['error'] }> = [];
  let exitCode: number = CLI_EXIT.ok;
  for (const file of files) {
    try {
      const job = await client.convertAsync({ file: await readFile(file.path), contentType: file.contentType, ...options }, { retry: CONVERT_RETRY });
      reports.push({ input: file.label, job_id: job.job_id, status: job.status, links: job.links });
      if (!ctx.json) ctx.out(job.job_id);
    } catch (error) {
      const report = failureReport(file, error);
      reports.push({ input: file.label, error: report.error });
      ctx.io.stderr.write(`${file.label}: `);
      reportError(ctx.io, 'convert', ctx.json, error, ctx.config.apiKey !== undefined);
      if (exitCode === CLI_EXIT.ok) exitCode = report.error!.exit_code;
      if (!(error instanceof DocconvError) && !isNetworkish(error)) throw error;
    }
  }
  if (ctx.json) ctx.outJson(reports);
  return exitCode;
}

function parseFormats(raw: string): ConvertFormat[] {
  const formats = raw.split(',').map((f) => f.trim()).filter(Boolean);
  if (formats.length === 0 || formats.some((f) => f !== 'md' && f !== 'json' && f !== 'blocks')) throw new UsageError(`--formats must be a list of md, json, blocks, got ${raw}`, 'convert');
  return [...new Set(formats)] as ConvertFormat[];
}

async function convertFile(
  client: DocconvClient,
  file: InputFile,
  index: number,
  options: { model?: string; lang?: string; formats: ConvertFormat[]; prefer?: 'async'; pages?: string; onPageError?: 'fail' | 'skip' },
  progress: ConvertProgress,
  activeJobs: Set<string>,
): Promise<Converted> {
  const bytes = await readFile(file.path);
  // One request carries the upload and, for small documents, the conversion itself: from the
  // client's side both are "converting" (a job then reports its own phases).
  progress.phase(index, 'converting');
  const outcome = await client.convert({ file: bytes, contentType: file.contentType, ...options }, { retry: CONVERT_RETRY });
  if (outcome.kind === 'result') return { markdown: outcome.result.markdown, result: outcome.result, pages: outcome.result.meta.pages };
  if (outcome.kind === 'markdown') return { markdown: outcome.markdown };
  const jobId = outcome.job.job_id;
  activeJobs.add(jobId);
  try {
    let pages: number | undefined;
    const out = await client.waitForResult(jobId, {
      formats: options.formats,
      onEvent: (event) => {
        if (event.type === 'page') pages = event.data.pages;
        progress.event(index, event);
      },
    });
    return { markdown: out.markdown, result: out.result, jobId, pages: out.result?.meta.pages ?? pages };
  } finally {
    activeJobs.delete(jobId);
  }
}

async function writeOutputs(file: InputFile, converted: Converted, formats: ConvertFormat[]): Promise<string[]> {
  const written: string[] = [];
  if (formats.includes('md')) {
    await writeFile(`${file.outputBase}.md`, converted.markdown);
    written.push(`${file.outputBase}.md`);
  }
  if ((formats.includes('json') || formats.includes('blocks')) && converted.result) {
    await writeFile(`${file.outputBase}.json`, `${JSON.stringify(converted.result, null, 2)}\n`);
    written.push(`${file.outputBase}.json`);
  }
  return written;
}

function failureReport(file: InputFile, error: unknown): FileReport {
  if (error instanceof DocconvError) {
    return { input: file.label, ok: false, outputs: [], error: { code: error.code, status: error.status, message: error.message, exit_code: error.exitCode, request_id: error.requestId || undefined } };
  }
  const exitCode = isNetworkish(error) ? CLI_EXIT.network : CLI_EXIT.failure;
  return { input: file.label, ok: false, outputs: [], error: { code: exitCode === CLI_EXIT.network ? 'network_error' : 'failure', message: (error as Error).message, exit_code: exitCode } };
}

function isNetworkish(error: unknown): boolean {
  return (error as Error)?.name === 'DocconvNetworkError';
}

/**
 * Default documents in flight: 4, but no more than the account's free concurrency slots (spec §8),
 * so that a batch does not spend its time in 429 concurrency_limit. Falls back to 4 when /usage
 * cannot be read (e.g. a key without usage:read).
 */
async function defaultParallelism(client: DocconvClient, files: number): Promise<number> {
  if (files <= 1) return 1;
  try {
    const usage = await client.usage({ retry: false });
    if (usage.anonymous) return DEFAULT_PARALLEL;
    return Math.max(1, Math.min(DEFAULT_PARALLEL, usage.concurrency.limit - usage.concurrency.in_use));
  } catch {
    return DEFAULT_PARALLEL;
  }
}

/** Runs `fn` over `items` with at most `limit` in flight; rejects on the first thrown error. */
export async function forEachLimited<T>(items: T[], limit: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      await fn(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Ctrl-C while jobs run: cancel them (spec §3: the page reservation and slot are released with no
 * charge) before exiting 130. Returns the function that removes the handler.
 */
function cancelJobsOnInterrupt(client: DocconvClient, activeJobs: Set<string>, progress: ConvertProgress): () => void {
  const onSigint = (): void => {
    progress.finish();
    const ids = [...activeJobs];
    process.stderr.write(`\ninterrupted${ids.length ? `: cancelling ${ids.length} job(s)` : ''}\n`);
    void Promise.allSettled(ids.map((id) => client.cancelJob(id))).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSigint);
  return () => process.off('SIGINT', onSigint);
}
