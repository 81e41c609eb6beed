// Font style detection for text-layer runs: pdf.js gives a loaded font name per text item; its
// font object (in page.commonObjs once the operator list is built) carries the PDF BaseFont name
// and bold/black/italic flags. Names like `ABCDEF+Times-Bold`, `Arial,BoldItalic`, `Inter-Semibold`
// carry the style when the flags are missing (Type3 and subset fonts often lack them).

export interface FontStyle {
  name: string;
  bold: boolean;
  italic: boolean;
  monospace: boolean;
}

const BOLD_NAME = /(bold|black|heavy|semibold|demibold|demi|extrabold|ultrabold|[-,_ ]bd\b|[-,]b$|medi?um?bold)/i;
const ITALIC_NAME = /(italic|oblique|[-,_ ]it\b|[-,]i$|slanted)/i;
const MONO_NAME = /(mono|courier|consol|code|typewriter|menlo|inconsolata|\bcmtt|lmmono|sfmono|fixed)/i;

/**
 * Families set in proportional type (their fixed-pitch members say "Mono", "Courier" or "TT", and
 * MONO_NAME takes those first): TeX's Computer Modern and math fonts, the base-14 and URW faces,
 * the common system families.
 */
const PROPORTIONAL_NAME = /^(?:CM(?!TT)|LM(?:Roman|Sans|Math)|MSBM|MSAM|EUFM|EUSM|RSFS|Symbol|StandardSym|Times|Helvetica|Arial|Nimbus(?:Rom|San)|Liberation(?:Serif|Sans)|DejaVu(?:Serif|Sans)|TeXGyre(?!Cursor)|Georgia|Verdana|Calibri|Cambria|Garamond|Palatino|Book|Tahoma|Segoe|Roboto|OpenSans|NotoSans|NotoSerif|SourceSans|SourceSerif)/i;

/** Style from a PDF font name alone (subset prefix ignored). */
export function styleFromFontName(rawName: string): Omit<FontStyle, 'name'> {
  const name = rawName.replace(/^[A-Z]{6}\+/, '');
  return {
    bold: BOLD_NAME.test(name) || /^CMBX|^CMB\d|^NimbusSanL-Bol|^NimbusRomNo9L-Medi/i.test(name),
    // URW's names (NimbusRomNo9L-ReguItal, NimbusSanL-BoldItal: LaTeX's times, helvet and
    // mathptmx) shorten Italic to a capitalised Ital, told from "Digital" by its case.
    italic: ITALIC_NAME.test(name) || /Ital\b/.test(name) || /^CMTI|^CMMI|^CMSL/i.test(name),
    monospace: MONO_NAME.test(name),
  };
}

interface PdfjsFontLike {
  name?: string;
  bold?: boolean;
  black?: boolean;
  italic?: boolean;
}

/** Combines the font object's flags, its name and the text-content style's family. */
export function resolveFontStyle(font: PdfjsFontLike | undefined, family: string | undefined): FontStyle {
  const name = font?.name ?? '';
  const byName = styleFromFontName(name);
  return {
    name,
    bold: Boolean(font?.bold || font?.black) || byName.bold,
    italic: Boolean(font?.italic) || byName.italic,
    // OCR text layers use a glyph-less font with equal widths: not code. pdf.js also calls a font
    // monospace when all its widths are equal, as in a subset of one glyph (a superscript's minus
    // in CMSY8) or of digits only: a named proportional family is believed over that.
    monospace: byName.monospace || (family === 'monospace' && !/glyphless|invisible/i.test(name) && !PROPORTIONAL_NAME.test(name.replace(/^[A-Z]{6}\+/, ''))),
  };
}
