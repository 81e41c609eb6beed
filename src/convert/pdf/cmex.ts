// Text set in TeX's math extension font (issue 9): pdfTeX embeds cmex10 (and Latin Modern's lmex)
// as Type 1 with TeX's own glyph names (summationdisplay, parenlefttp, radicalbig…), which no
// Unicode glyph list knows, so without a ToUnicode map pdf.js gives the bytes as characters: a
// display ∑ reads "X", ∏ "Y", ∫ "Z", a tall parenthesis a control character. The codes are
// mapped to Unicode as the font's encoding (OMX, cmex10.afm) defines them. A font whose page
// text is already Unicode (pdfTeX's \pdfgentounicode gives ToUnicode maps) is left as it is.

/** Font names of the fonts in TeX's OMX encoding (a subset prefix ignored). */
export const CMEX_FONT = /(?:^|\+)(?:CMEX\d{1,2}|LMEX\d{1,2}|LMMathExtension\d{1,2}(?:-\w+)?)$/i;

/**
 * The OMX table, code → Unicode: sized delimiters as the delimiter, extensible pieces as
 * Unicode's bracket pieces (⎛⎜⎝…), big operators as the n-ary ones; a radical's rising stroke
 * and a horizontal brace's tips as a space (the √ at the radical's foot stands for it).
 */
const OMX =
  '()[]⌊⌋⌈⌉{}⟨⟩|‖/\\' + // 0x00 big
  '()()[]⌊⌋⌈⌉{}⟨⟩/\\' + // 0x10 Big, bigg
  '()[]⌊⌋⌈⌉{}⟨⟩/\\/\\' + // 0x20 Bigg, Big slashes
  '⎛⎞⎡⎤⎣⎦⎢⎥⎧⎫⎩⎭⎨⎬⎪⏐' + // 0x30 pieces
  '⎝⎠⎜⎟⟨⟩⊔⊔∮∮⊙⊙⊕⊕⊗⊗' + // 0x40 pieces, text/display operators
  '∑∏∫⋃⋂⨄⋀⋁∑∏∫⋃⋂⨄⋀⋁' + // 0x50 operators
  '∐∐ˆˆˆ˜˜˜[]⌊⌋⌈⌉{}' + // 0x60 coproduct, wide accents, Big
  '√√√√√  ‖↑↓    ⇑⇓'; // 0x70 radicals, arrow pieces, brace tips

/**
 * Each OMX glyph's ink under and over its baseline in hundredths of an em (cmex10.afm). TeX hangs
 * these glyphs from the baseline (a display ∑ reaches 1.4 em below it, a \\Bigg parenthesis 3
 * em), so the font's ascent and descent say nothing of where a glyph is.
 */
const DEPTH = [
  115, 115, 115, 115, 115, 115, 115, 115, 115, 115, 116, 116, 62, 62, 115, 115, 175, 175, 235, 235, 235, 235, 235, 235, 235, 235, 235, 235, 235, 235, 235, 235,
  295, 295, 295, 295, 295, 295, 295, 295, 295, 295, 296, 296, 295, 295, 175, 175, 177, 177, 176, 176, 175, 175, 60, 60, 91, 91, 89, 89, 181, 181, 31, 60,
  175, 175, 61, 61, 175, 175, 100, 140, 111, 222, 100, 140, 100, 140, 100, 140, 100, 100, 111, 100, 100, 100, 100, 100, 140, 140, 222, 140, 140, 140, 140, 140,
  100, 140, -56, -57, -57, -60, -62, -62, 175, 175, 175, 175, 175, 175, 175, 175, 116, 176, 236, 296, 180, 62, 58, 60, 60, 60, 21, 21, 0, 0, 60, 59,
];
const HEIGHT = [
  4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2, 2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
  4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 3, 3, 3, 4, 4, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0,
  5, 5, 1, 1, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 74, 77, 77, 72, 75, 75, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2, 2, 4, 0, 0, 0, 12, 12, 33, 33, 0, 0,
];

/**
 * Pieces whose TeX names are also in Adobe's glyph list (parenlefttp, bracketleftex, braceex…),
 * which gives them private-use codes (Adobe's Symbol font): pdf.js reads those, the rest raw.
 */
const ADOBE_PIECES: Record<number, number> = {
  0xf8e6: 0x3f, 0xf8eb: 0x30, 0xf8ec: 0x42, 0xf8ed: 0x40, 0xf8ee: 0x32, 0xf8ef: 0x36, 0xf8f0: 0x34, 0xf8f1: 0x38, 0xf8f2: 0x3c, 0xf8f3: 0x3a,
  0xf8f4: 0x3e, 0xf8f6: 0x31, 0xf8f7: 0x43, 0xf8f8: 0x41, 0xf8f9: 0x33, 0xf8fa: 0x37, 0xf8fb: 0x35, 0xf8fc: 0x39, 0xf8fd: 0x3d, 0xf8fe: 0x3b,
};

/** Each OMX glyph's advance width in thousandths of an em (cmex10.afm): a delimiter's size class. */
const WIDTH = [
  458, 458, 416, 416, 472, 472, 472, 472, 583, 583, 472, 472, 333, 555, 577, 577, 597, 597, 736, 736, 527, 527, 583, 583, 583, 583, 750, 750, 750, 750, 1044, 1044,
  791, 791, 583, 583, 638, 638, 638, 638, 805, 805, 805, 805, 1277, 1277, 811, 811, 875, 875, 666, 666, 666, 666, 666, 666, 888, 888, 888, 888, 888, 888, 888, 666,
  875, 875, 875, 875, 611, 611, 833, 1111, 472, 555, 1111, 1511, 1111, 1511, 1111, 1511, 1055, 944, 472, 833, 833, 833, 833, 833, 1444, 1277, 555, 1111, 1111, 1111, 1111, 1111,
  944, 1277, 555, 1000, 1444, 555, 1000, 1444, 472, 472, 527, 527, 527, 527, 666, 666, 1000, 1000, 1000, 1000, 1055, 1055, 1055, 777, 666, 666, 450, 450, 450, 450, 777, 777,
];

/**
 * The ink of one OMX glyph that pdf.js read by its name (a sized parenthesis as "(", ∑ whether
 * text or display size): the code of that character whose width is nearest the glyph's, within
 * 3 % of an em; null when none is.
 */
export function cmexNamedInk(ch: string, widthEm: number): { above: number; below: number } | null {
  let best = -1;
  for (let c = 0; c < 128; c++) {
    if (OMX[c] !== ch || OMX[c] === ' ') continue;
    if (best < 0 || Math.abs(WIDTH[c] / 1000 - widthEm) < Math.abs(WIDTH[best] / 1000 - widthEm)) best = c;
  }
  if (best < 0 || Math.abs(WIDTH[best] / 1000 - widthEm) > 0.03) return null;
  return { above: HEIGHT[best] / 100, below: DEPTH[best] / 100 };
}

/** pdfTeX's alternative codes for 0x00–0x20 (kept clear of control characters): 0xA1– and 0x80. */
function omxCode(code: number): number | null {
  if (code <= 0x7f) return code;
  if (code >= 0xf8e5) return ADOBE_PIECES[code] ?? null;
  if (code === 0x80) return 0x20;
  if (code >= 0xa1 && code <= 0xaa) return code - 0xa1;
  if (code >= 0xad && code <= 0xc3) return code - 0xa3;
  return null;
}

export function isCmexFont(name: string | undefined): boolean {
  return name !== undefined && CMEX_FONT.test(name);
}

/** The ink of OMX codes given as characters, in ems over (`above`) and under (`below`) the baseline. */
export function cmexInk(text: string): { above: number; below: number } | null {
  let above = -Infinity;
  let below = -Infinity;
  for (const ch of text) {
    const code = omxCode(ch.codePointAt(0)!);
    if (code === null || OMX[code] === ' ' || (ch === ' ' && text.length > 1)) continue;
    above = Math.max(above, HEIGHT[code] / 100);
    below = Math.max(below, DEPTH[code] / 100);
  }
  return above + below > 0 ? { above, below } : null;
}

/**
 * Raw OMX codes given as characters, one glyph each: its Unicode, its advance (ems, cmex10.afm) and
 * its ink. pdf.js gives adjacent glyphs of one font as one item ("{∏": a cases brace and a product
 * beside it), whose box would be the brace's for both; null when some code is outside the table
 * or the text holds a space.
 */
export function cmexGlyphs(text: string): Array<{ text: string; advance: number; ink: { above: number; below: number } }> | null {
  const out: Array<{ text: string; advance: number; ink: { above: number; below: number } }> = [];
  for (const ch of text) {
    const code = ch === ' ' ? null : omxCode(ch.codePointAt(0)!);
    if (code === null || OMX[code] === ' ') return null;
    out.push({ text: OMX[code], advance: WIDTH[code] / 1000, ink: { above: HEIGHT[code] / 100, below: DEPTH[code] / 100 } });
  }
  return out;
}

/** Characters a ToUnicode map gives for OMX glyphs that are also raw codes of other glyphs. */
const AMBIGUOUS = /^[()[\]{}/\\|\s]*$/;

/**
 * Whether a CMEX font's text on a page is its raw codes: some character that only a raw code
 * gives (a control character, a letter, a digit), none beyond Latin-1.
 */
export function cmexIsRaw(texts: string[]): boolean {
  let raw = false;
  for (const t of texts) {
    for (const ch of t) if (ch.codePointAt(0)! > 0xff && ch.codePointAt(0)! < 0xe000) return false;
    if (!AMBIGUOUS.test(t)) raw = true;
  }
  return raw;
}

/**
 * The Unicode of OMX codes given as characters; a code outside the table is left as it is. A
 * lone space drawn with a height is code 0x20 (a \\Bigg parenthesis); pdf.js's own spaces between
 * items have none.
 */
export function cmexText(text: string, drawn = false): string {
  if (text === ' ') return drawn ? OMX[0x20] : text;
  let out = '';
  for (const ch of text) {
    if (ch === ' ') {
      out += ch;
      continue;
    }
    const code = omxCode(ch.codePointAt(0)!);
    out += code === null ? ch : OMX[code];
  }
  return out;
}

/**
 * In an OMX font pdf.js reads through glyph names (∑ from summationtext…), the pieces Adobe's
 * glyph list gives private-use codes: as Unicode's pieces, the rest as read.
 */
export function cmexPieces(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out += code >= 0xe000 && ADOBE_PIECES[code] !== undefined ? OMX[ADOBE_PIECES[code]] : ch;
  }
  return out;
}

/** The ink of text made only of Adobe-coded pieces (they hang from the baseline as raw codes do), else null. */
export function cmexPiecesInk(text: string): { above: number; below: number } | null {
  return [...text].every((ch) => ADOBE_PIECES[ch.codePointAt(0)!] !== undefined) ? cmexInk(text) : null;
}

/** TeX's symbol fonts (cmsy, Latin Modern's lmsy) hang their radical sign from the baseline too. */
const CMSY_FONT = /(?:^|\+)(?:CMSY\d{1,2}|CMBSY\d{1,2}|LMSY\d{1,2}|LMMathSymbols\d{1,2}(?:-\w+)?)$/i;

/** The ink of a cmsy radical sign (cmsy10.afm: 0.04 em over its baseline, 0.96 under), else null. */
export function cmsyInk(fontName: string | undefined, text: string): { above: number; below: number } | null {
  return text === '√' && fontName !== undefined && CMSY_FONT.test(fontName) ? { above: 0.04, below: 0.96 } : null;
}
