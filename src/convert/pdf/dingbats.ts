// Text set in the ZapfDingbats font (issue 9, forms): a flattened form's ticks and a producer's
// check marks, stars and boxes are ZapfDingbats glyphs, and with the font not embedded (it is one
// of the standard 14) pdf.js gives the bytes as ASCII: a check mark reads "4", a ballot X "8", a
// filled box "n". A tick read as a digit is a wrong value beside a form's label, so the codes are
// mapped to their Unicode Dingbats as Adobe's ZapfDingbats encoding defines them.

/** Font names of the Dingbats fonts (a subset prefix, or a producer's `,Bold`, ignored). */
const DINGBATS_FONT = /(?:^|\+)(?:ITC)?ZapfDingbats|^Dingbats\b/i;

/**
 * Codes 0x21–0x7E map to U+2701–U+275E in order, except where the first Unicode Dingbats block
 * left holes; there Adobe's table uses these characters.
 */
const EXCEPTIONS: Record<number, number> = { 0x25: 0x260e, 0x2a: 0x261b, 0x2b: 0x261e, 0x48: 0x2605, 0x6c: 0x25cf, 0x6e: 0x25a0, 0x73: 0x25b2, 0x74: 0x25bc, 0x75: 0x25c6, 0x77: 0x25d7 };

export function isDingbatsFont(name: string | undefined): boolean {
  return name !== undefined && DINGBATS_FONT.test(name);
}

/** The Unicode of ZapfDingbats codes given as ASCII; other characters are left as they are. */
export function dingbatsText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out += code >= 0x21 && code <= 0x7e ? String.fromCodePoint(EXCEPTIONS[code] ?? 0x2700 + code - 0x20) : ch;
  }
  return out;
}
