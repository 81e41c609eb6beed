// pdf.js's "worker" half (the parser/evaluator), loaded into the pool thread with two small patches
// that only apply while the text layer's operator list is read (`placementsOnly`):
//   - an image XObject is not decoded: the layout stage needs where an image is painted (the
//     transform), never its pixels, and pdf.js decodes every JPEG/Flate image of the page (on a
//     figure-heavy paper ~40 % of the time of a page) just to hand the pixels to a renderer;
//   - glyph outlines are not compiled (with `disableFontFace` pdf.js builds a path per glyph shown,
//     for canvas rendering only).
// Operators and arguments are otherwise identical (same op codes, the same id for the same image, so
// pdf.js's repeat/group optimiser merges exactly as before), and nothing is cached in skipped form:
// a later render (OCR, GPU adapters) decodes images and builds glyph paths as usual. Type3 glyph
// procedures are never skipped (they are cached per font and replayed by renders).
// pdfjs-dist is pinned; if an anchor is not found (another version) the unpatched module is used.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const FLAG = '__docconvPlacementsOnly';

const PATCHES: Array<[anchor: string, replacement: string]> = [
  [
    '    let objId = `img_${this.idFactory.createObjId()}`,\n',
    `    if (globalThis.${FLAG} === true && !this.parsingType3Font) {\n` +
      '      operatorList.addImageOps(OPS.paintImageXObject, [`placement_${imageRef ? imageRef.toString() : this.idFactory.createObjId()}`, w, h], optionalContent, hasMask);\n' +
      '      return;\n' +
      '    }\n' +
      '    let objId = `img_${this.idFactory.createObjId()}`,\n',
  ],
  [
    '      if (isAddToPathSet || state.fillColorSpace.name === "Pattern" || state.strokeColorSpace.name === "Pattern" || font.disableFontFace) {\n',
    `      if (globalThis.${FLAG} !== true && (isAddToPathSet || state.fillColorSpace.name === "Pattern" || state.strokeColorSpace.name === "Pattern" || font.disableFontFace)) {\n`,
  ],
];

/** The patched source, or null when the installed pdf.js does not match the anchors. */
export function patchWorkerSource(source: string, fileUrl: string): string | null {
  let out = source;
  for (const [anchor, replacement] of PATCHES) {
    if (out.split(anchor).length !== 2) return null;
    out = out.replace(anchor, () => replacement);
  }
  // The embedded wasm loaders read import.meta.url; keep it pointing at the real file.
  return out.replaceAll('import.meta.url', JSON.stringify(fileUrl));
}

const PATCHED_MARK = '__docconvPdfjsPatched';

/**
 * The same loading as plain JavaScript, for the pool's worker bootstrap: it runs before tsx hooks in,
 * so the 2 MB module is compiled natively (through tsx's loader it costs ~340 MB per worker). The
 * patched library source (no document data) is written to a private temp directory (mkdtemp, 0700),
 * imported and removed: as a data: URL it costs ~50 MB more per worker. Unwritable → data: URL.
 */
export function pdfjsWorkerBootstrap(): string {
  const path = createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs');
  const url = pathToFileURL(path).href;
  return `{
    const { readFileSync } = await import('node:fs');
    const url = ${JSON.stringify(url)};
    let src = readFileSync(new URL(url), 'utf8');
    let ok = true;
    for (const [a, r] of ${JSON.stringify(PATCHES)}) {
      if (src.split(a).length !== 2) { ok = false; break; }
      src = src.replace(a, () => r);
    }
    let target = url;
    let dir;
    if (ok) {
      const { tmpdir } = await import('node:os');
      const { mkdtempSync, writeFileSync } = await import('node:fs');
      const { join } = await import('node:path');
      const { pathToFileURL } = await import('node:url');
      src = src.replaceAll('import.meta.url', JSON.stringify(url));
      try {
        dir = mkdtempSync(join(tmpdir(), 'docconv-pdfjs-'));
        writeFileSync(join(dir, 'pdf.worker.mjs'), src, { mode: 0o600 });
        target = pathToFileURL(join(dir, 'pdf.worker.mjs')).href;
      } catch {
        target = 'data:text/javascript;base64,' + Buffer.from(src).toString('base64');
      }
    }
    try {
      globalThis.pdfjsWorker = await import(target);
    } finally {
      if (dir) (await import('node:fs')).rmSync(dir, { recursive: true, force: true });
    }
    globalThis.${PATCHED_MARK} = ok;
  }`;
}

/**
 * Loads pdf.js's worker module for this thread (pdf.js picks up `globalThis.pdfjsWorker`), patched
 * when possible, unless the worker bootstrap did already. Returns whether the patches are active.
 */
export async function installPdfjsWorker(): Promise<boolean> {
  const g = globalThis as { pdfjsWorker?: unknown; [PATCHED_MARK]?: boolean };
  if (g.pdfjsWorker && g[PATCHED_MARK] !== undefined) return g[PATCHED_MARK];
  const path = createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs');
  const url = pathToFileURL(path).href;
  const source = patchWorkerSource(readFileSync(path, 'utf8'), url);
  g.pdfjsWorker = source
    ? await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)
    : await import(url);
  g[PATCHED_MARK] = source !== null;
  return g[PATCHED_MARK];
}

/** Runs `fn` (an operator-list read for layout) with image decoding and glyph paths skipped. */
export async function placementsOnly<T>(fn: () => Promise<T>): Promise<T> {
  const g = globalThis as Record<string, unknown>;
  if (g[PATCHED_MARK] !== true) return fn();
  g[FLAG] = true;
  try {
    return await fn();
  } finally {
    g[FLAG] = false;
  }
}
