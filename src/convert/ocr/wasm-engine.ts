// tesseract.js (WebAssembly): works everywhere, with traineddata read from node_modules (never a
// CDN, never a cache file). One Tesseract worker per pool thread, created lazily and reused.
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Worker } from 'tesseract.js';

// Loaded on first use: with the Tesseract CLI installed (production) a worker never needs it.
let lib: Promise<typeof import('tesseract.js')> | undefined;
const tesseract = () => (lib ??= import('tesseract.js'));
import { traineddataPath } from './languages.js';

interface EngineState {
  worker: Worker;
  /** tesseract.js keeps this array as its list of loaded languages (see load below). */
  loaded: string[];
  current: string;
}

let state: Promise<EngineState> | undefined;
let queue: Promise<unknown> = Promise.resolve();

function dataFile(code: string): string {
  const file = traineddataPath(code);
  if (!file) throw new Error(`no OCR data for ${code}`);
  return file;
}

async function start(first: string): Promise<EngineState> {
  const { createWorker, OEM } = await tesseract();
  const loaded = [first];
  const worker = await createWorker(loaded, OEM.LSTM_ONLY, {
    langPath: dirname(dataFile(first)),
    cacheMethod: 'none',
    gzip: true,
  });
  return { worker, loaded, current: '' };
}

/**
 * Switches the worker to `langs`. tesseract.js can read only one `langPath`, and ours differ per
 * language package, so further languages are written into its in-memory file system and marked
 * loaded (it keeps the array it was created with as that list) before re-initialising.
 */
async function use(s: EngineState, langs: string[]): Promise<void> {
  const key = langs.join('+');
  if (s.current === key) return;
  const { OEM, PSM } = await tesseract();
  for (const code of langs) {
    if (s.loaded.includes(code)) continue;
    await s.worker.FS('writeFile', [`./${code}.traineddata`, gunzipSync(readFileSync(dataFile(code)))]);
    s.loaded.push(code);
  }
  await s.worker.reinitialize(key, OEM.LSTM_ONLY);
  // Tesseract's own debug prints (tprintf: "Detected 4 diacritics"…) would land in the service's
  // one-JSON-line-per-request log; send them to the void (issue 11 item 3).
  await s.worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO, debug_file: '/dev/null' });
  s.current = key;
}

/** Runs one recognition (page segmentation mode 3, or 6 for a cut-out block) and returns Tesseract's TSV. */
export function recognizeWithWasm(image: Buffer, langs: string[], dpi: number, psm: 3 | 6 = 3): Promise<string> {
  // One recognition at a time per worker: serialise callers.
  const run = queue.then(async () => {
    state ??= start(langs[0]);
    const s = await state;
    await use(s, langs);
    const { PSM } = await tesseract();
    await s.worker.setParameters({ user_defined_dpi: String(Math.round(dpi)), tessedit_pageseg_mode: psm === 6 ? PSM.SINGLE_BLOCK : PSM.AUTO });
    const { data } = await s.worker.recognize(image, {}, { text: false, tsv: true, blocks: false, hocr: false });
    return data.tsv ?? '';
  });
  queue = run.catch(() => undefined);
  return run;
}

export async function terminateWasmEngine(): Promise<void> {
  const s = state;
  state = undefined;
  if (s) await (await s).worker.terminate().catch(() => undefined);
}
