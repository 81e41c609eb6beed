// pdf.js's "worker" half (the parser/evaluator), loaded into the pool thread patched. Always: a Flate
// stream (every content stream, font program and image) is inflated by zlib in one synchronous call
// instead of through a web DecompressionStream, whose stream and promise machinery cost more than
// the inflation (issue 11: ~7 % of a worker's CPU on freeculture). Same bytes; any zlib error
// (truncated, corrupt, bad checksum) still falls back to pdf.js's own decoder as before. Trailing
// bytes after the end of the stream (a newline inside /Length, often) made the web stream fail and
// pdf.js decode the whole stream again in JavaScript; zlib returns the same bytes at once.
// Two more patches only apply while the text layer's operator list is read (`placementsOnly`):
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
import { CMEX_FONT } from './cmex.js';

const FLAG = '__docconvPlacementsOnly';
/**
 * Set only while pdf/scan-image.ts reads a page's placements: called with each image XObject's
 * placement id and pdf.js's own stream, so a scanned page's pixels can be read from the stream
 * without a render (issue 11).
 */
const SINK = '__docconvImageSink';

const INFLATE = '__docconvInflateSync';

const GAPS = '__docconvShownGaps';

/**
 * Where pdf.js joined two strings shown apart on one line with a space of its own (a positioned gap
 * of at most 0.6 em: it makes one text item of them), the gaps of at least 0.3 em are recorded
 * while the item is built and handed on with it as `gaps`: [character offset of that space, x where
 * the gap starts, x where it ends, ...] along the item from its origin, in its width's units (issue
 * 9: two figures of a table set half an em apart came as one item "841.1 1,786.81", the column
 * boundary between them lost). Only left-to-right horizontal items whose text normalisation kept
 * every character; the table stage uses them (layout/table-columns.ts shownStrings).
 */
const GAPS_FN =
  `const ${GAPS} = (chunk, text, dir) => {\n` +
  '  if (dir !== "ltr" || chunk.vertical) return undefined;\n' +
  '  const g = chunk.gaps, out = [];\n' +
  '  let at = 0, k = 0;\n' +
  '  for (let i = 0; i < g.length; i += 3) {\n' +
  '    for (; k < g[i] && k < chunk.str.length; k++) at += chunk.str[k].length;\n' +
  '    if (text[at] !== " " || !(g[i + 2] > g[i + 1])) return undefined;\n' +
  '    out.push(at, g[i + 1], g[i + 2]);\n' +
  '  }\n' +
  '  for (; k < chunk.str.length; k++) at += chunk.str[k].length;\n' +
  '  return at === text.length ? out : undefined;\n' +
  '};\n';

/**
 * Prepended to the module: zlib's one-shot inflate, returning a Uint8Array that owns its buffer (a
 * small Buffer can be a slice of Node's shared pool, and pdf.js may transfer what it decoded).
 */
const PRELUDE =
  `import { inflateSync as ${INFLATE}Raw } from "node:zlib";\n` +
  `const ${INFLATE} = (bytes) => { const out = ${INFLATE}Raw(bytes); ` +
  'return out.byteOffset === 0 && out.byteLength === out.buffer.byteLength ? new Uint8Array(out.buffer) : new Uint8Array(out); };\n' + GAPS_FN;

const PATCHES: Array<[anchor: string, replacement: string]> = [
  [
    // getTextContent's position of the current glyph (twice per glyph shown): the two matrix products
    // written out, same operations in the same order, one array instead of three. Util.transform is
    // shared by every caller, with every kind of array: its property loads go megamorphic and it
    // was the costliest single function of a text page (issue 11).
    '      return Util.transform(textState.ctm, Util.transform(textState.textMatrix, tsm));\n',
    '      const m = textState.textMatrix, c = textState.ctm;\n' +
      '      const i0 = m[0] * tsm[0] + m[2] * tsm[1], i1 = m[1] * tsm[0] + m[3] * tsm[1], i2 = m[0] * tsm[2] + m[2] * tsm[3], i3 = m[1] * tsm[2] + m[3] * tsm[3], i4 = m[0] * tsm[4] + m[2] * tsm[5] + m[4], i5 = m[1] * tsm[4] + m[3] * tsm[5] + m[5];\n' +
      '      return [c[0] * i0 + c[2] * i1, c[1] * i0 + c[3] * i1, c[0] * i2 + c[2] * i3, c[1] * i2 + c[3] * i3, c[0] * i4 + c[2] * i5 + c[4], c[1] * i4 + c[3] * i5 + c[5]];\n',
  ],
  [
    // A new text item records no gaps yet (GAPS_FN above).
    '        textContentItem.width = textContentItem.totalWidth = 0;\n',
    '        textContentItem.width = textContentItem.totalWidth = 0;\n        textContentItem.gaps = null;\n',
  ],
  [
    // A space pdf.js puts in for a gap inside the line's flow: where it lies, when it is wide.
    '          textContentItem.str.push(" ");\n',
    '          if (!textContentItem.vertical && width >= textContentItem.spaceInFlowMax * 0.5) {\n' +
      '            const from = textContentItem.totalWidth + textContentItem.width * textContentItem.textAdvanceScale;\n' +
      '            (textContentItem.gaps ??= []).push(textContentItem.str.length, from, from + width * textContentItem.textAdvanceScale);\n' +
      '          }\n' +
      '          textContentItem.str.push(" ");\n',
  ],
  [
    '        hasEOL: textChunk.hasEOL\n',
    `        hasEOL: textChunk.hasEOL,\n        gaps: textChunk.gaps ? ${GAPS}(textChunk, text, bidiResult.dir) : undefined\n`,
  ],
  [
    '    const bytes = this.stream.isAsync ? await this.stream.asyncGetBytes() : this.stream.getBytes();\n    try {\n',
    '    const bytes = this.stream.isAsync ? await this.stream.asyncGetBytes() : this.stream.getBytes();\n    try {\n' +
      `      if (name === "deflate") return { decompressed: ${INFLATE}(bytes), compressed: bytes };\n`,
  ],
  [
    '    let objId = `img_${this.idFactory.createObjId()}`,\n',
    `    if (globalThis.${FLAG} === true && !this.parsingType3Font) {\n` +
      '      const placementId = `placement_${imageRef ? imageRef.toString() : this.idFactory.createObjId()}`;\n' +
      `      if (!isInline) globalThis.${SINK}?.(placementId, image, resources, this.xref);\n` +
      '      operatorList.addImageOps(OPS.paintImageXObject, [placementId, w, h], optionalContent, hasMask);\n' +
      '      return;\n' +
      '    }\n' +
      '    let objId = `img_${this.idFactory.createObjId()}`,\n',
  ],
  [
    // A Type 1 or CFF font with a ToUnicode map of only some of its codes and no /Encoding: the
    // codes the map leaves out are read from the glyph names of the font program's own encoding
    // (issue 9: a TeX math italic font whose ToUnicode maps one accent, its ξ and η shown as
    // control characters and read as "•"). pdf.js drops the built-in encoding whenever a ToUnicode
    // is present; poppler completes the map from it, and the map still wins wherever it speaks.
    // Not TeX's math extension fonts: their raw codes are read by our own table (pdf/cmex.ts),
    // which knows each delimiter's size; their glyph names would make them plain "(" and "∑".
    'function adjustType1ToUnicode(properties, builtInEncoding) {\n  if (properties.isInternalFont) {\n    return;\n  }\n  if (properties.hasIncludedToUnicodeMap) {\n    return;\n  }\n',
    'function adjustType1ToUnicode(properties, builtInEncoding) {\n  if (properties.isInternalFont) {\n    return;\n  }\n  if (properties.hasIncludedToUnicodeMap) {\n' +
      `    if (!properties.hasEncoding && !(properties.toUnicode instanceof IdentityToUnicodeMap) && !${CMEX_FONT}.test(properties.name ?? "")) {\n` +
      '      const missing = [], glyphsUnicodeMap = getGlyphsUnicode();\n' +
      '      for (const charCode in builtInEncoding) {\n' +
      '        if (properties.toUnicode.has(charCode)) continue;\n' +
      '        const unicode = getUnicodeForGlyph(builtInEncoding[charCode], glyphsUnicodeMap);\n' +
      '        if (unicode !== -1) missing[charCode] = String.fromCharCode(unicode);\n' +
      '      }\n' +
      '      if (missing.length > 0) properties.toUnicode.amend(missing);\n' +
      '    }\n' +
      '    return;\n  }\n',
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
  return PRELUDE + out.replaceAll('import.meta.url', JSON.stringify(fileUrl));
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
      src = ${JSON.stringify(PRELUDE)} + src.replaceAll('import.meta.url', JSON.stringify(url));
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

/** What the patched evaluator hands over for each image XObject it places (pdf.js objects, untyped). */
export type ImageStreamSink = (placementId: string, image: unknown, resources: unknown, xref: unknown) => void;

/**
 * `placementsOnly`, with `sink` called for every image XObject placed (not inline images). Null
 * when pdf.js is unpatched: there is no sink then, and the caller renders as before.
 */
export async function placementsWithImages<T>(fn: () => Promise<T>, sink: ImageStreamSink): Promise<T | null> {
  const g = globalThis as Record<string, unknown>;
  if (g[PATCHED_MARK] !== true) return null;
  g[SINK] = sink;
  try {
    return await placementsOnly(fn);
  } finally {
    g[SINK] = undefined;
  }
}
