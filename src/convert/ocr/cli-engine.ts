// The `tesseract` command when it is on PATH (DECISIONS §2: about 2x faster than tesseract.js).
// Image in through stdin, TSV out through stdout: nothing is written to disk (zero retention).
import { spawn, execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const BINARY = 'tesseract';
/**
 * Hard wall-clock bound of one recognition, enforced by the OS (coreutils `timeout`), not by a
 * timer of ours: a pool worker terminated for its budget takes its timers and abort signals with
 * it, and its Tesseract child would otherwise run on (issue 10 item 10). Well above any page's
 * recognition (seconds); a recognition this long is runaway whatever the budget.
 */
const CLI_RUN_LIMIT_S = 120;

function onPath(binary = BINARY): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, binary);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

let languages: Promise<string[]> | undefined;

/** Languages the installed binary has data for; empty when there is no binary. */
export function cliLanguages(): Promise<string[]> {
  languages ??= new Promise((resolve) => {
    const bin = onPath();
    if (!bin) return resolve([]);
    execFile(bin, ['--list-langs'], { timeout: 10_000 }, (err, stdout) => {
      if (err) return resolve([]);
      resolve(stdout.split('\n').slice(1).map((l) => l.trim()).filter((l) => /^[a-z_]+$/i.test(l)));
    });
  });
  return languages;
}

export async function cliSupports(langs: string[]): Promise<boolean> {
  const have = await cliLanguages();
  return langs.every((l) => have.includes(l));
}

let tiff: Promise<boolean> | undefined;

/**
 * The binary's Leptonica reads TIFF (it lists libtiff in `--version`): the one way to hand it
 * several images through stdin (ocr/tiff.ts). Debian's does; a build without it reads one at a time.
 */
export function cliReadsTiff(): Promise<boolean> {
  tiff ??= new Promise((resolve) => {
    const bin = onPath();
    if (!bin) return resolve(false);
    execFile(bin, ['--version'], { timeout: 10_000 }, (err, stdout, stderr) => resolve(!err && /\blibtiff\b/.test(`${stdout}\n${stderr}`)));
  });
  return tiff;
}

let timeoutBin: string | null | undefined;
function timeoutBinary(): string | null {
  if (timeoutBin === undefined) timeoutBin = onPath('timeout');
  return timeoutBin;
}

/** The binary has Tesseract's orientation data (`osd`; Debian's tesseract-ocr depends on it). */
export async function cliHasOrientationData(): Promise<boolean> {
  return (await cliLanguages()).includes('osd');
}

/** Runs the binary on one image (stdin) and returns its stdout; rejects on a non-zero exit. */
function runCli(image: Buffer, args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const killer = timeoutBinary();
    const child = spawn(killer ?? BINARY, killer ? ['--signal=KILL', `${CLI_RUN_LIMIT_S}s`, BINARY, ...args] : args, {
      // One thread per process: the pool already runs one document per core.
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const chunks: Buffer[] = [];
    // `timeout` forwards SIGTERM to Tesseract (a SIGKILL would kill `timeout` alone and orphan it).
    const onAbort = () => child.kill(killer ? 'SIGTERM' : 'SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stdin.on('error', () => undefined); // EPIPE when the process dies early; reported on close
    child.on('error', (err) => {
      signal?.removeEventListener('abort', onAbort);
      reject(err);
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (code === 0) resolve(Buffer.concat(chunks).toString('utf8'));
      else reject(new Error(`tesseract exited with ${code}`));
    });
    child.stdin.end(image);
  });
}

/**
 * Runs one recognition and returns Tesseract's TSV: page segmentation mode 3 (a page: blocks,
 * columns, pictures found by its layout analysis) unless told, 6 for a cut-out block of text.
 */
export function recognizeWithCli(image: Buffer, langs: string[], dpi: number, signal?: AbortSignal, psm: 3 | 6 = 3): Promise<string> {
  return runCli(image, ['stdin', 'stdout', '--psm', String(psm), '--dpi', String(Math.round(dpi)), '-l', langs.join('+'), 'tsv'], signal);
}

export interface OrientationVerdict {
  /** Clockwise turn that makes the page upright. */
  rotate: 0 | 90 | 180 | 270;
  /** Tesseract's orientation confidence (unbounded; printed pages score ~10-25, handwriting < 5). */
  confidence: number;
}

/**
 * Tesseract's orientation and script detection (`--psm 0`, the `osd` data): one pass of its
 * character classifier over the page's blobs, far cheaper than a recognition. Null when it
 * finds too little text to judge (Tesseract exits non-zero) or prints no verdict.
 */
export async function detectOrientationWithCli(image: Buffer, dpi: number, signal?: AbortSignal): Promise<OrientationVerdict | null> {
  let out: string;
  try {
    out = await runCli(image, ['stdin', 'stdout', '--psm', '0', '--dpi', String(Math.round(dpi)), '-l', 'osd'], signal);
  } catch {
    signal?.throwIfAborted();
    return null;
  }
  const rotate = Number(/^Rotate:\s*(\d+)/m.exec(out)?.[1]);
  const confidence = Number(/^Orientation confidence:\s*([\d.]+)/m.exec(out)?.[1]);
  if (![0, 90, 180, 270].includes(rotate) || !Number.isFinite(confidence)) return null;
  return { rotate: rotate as OrientationVerdict['rotate'], confidence };
}
