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

let patched = false;

/**
 * Loads pdf.js's worker module for this thread (pdf.js picks up `globalThis.pdfjsWorker`), patched
 * when possible. Returns whether the patches are active.
 */
export async function installPdfjsWorker(): Promise<boolean> {
  const path = createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs');
  const url = pathToFileURL(path).href;
  const source = patchWorkerSource(readFileSync(path, 'utf8'), url);
  const mod: unknown = source
    ? await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)
    : await import(url);
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = mod;
  patched = source !== null;
  return patched;
}

/** Runs `fn` (an operator-list read for layout) with image decoding and glyph paths skipped. */
export async function placementsOnly<T>(fn: () => Promise<T>): Promise<T> {
  if (!patched) return fn();
  const g = globalThis as Record<string, unknown>;
  g[FLAG] = true;
  try {
    return await fn();
  } finally {
    g[FLAG] = false;
  }
}
