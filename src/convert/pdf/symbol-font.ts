// The Symbol font's two phis (issue 9, papers in Times): Adobe's Symbol names the straight-stroke
// glyph "phi" and the curly one "phi1", so a ToUnicode built from the glyph names gives U+03C6 (φ)
// for the straight form and U+03D5 (ϕ) for the curly one, the reverse of how the two are drawn.
// mathptmx and newtxmath take \phi from Symbol's "phi" (read as φ, drawn ϕ) and \varphi from
// "phi1"; Word's Symbol insertions do the same. The text is read as it is drawn.

const SYMBOL_FONT = /^(?:[A-Z]{6}\+)?(?:Symbol|StandardSym)/i;

export function isSymbolFont(name: string | undefined): boolean {
  return name !== undefined && SYMBOL_FONT.test(name);
}

/** A Symbol-font run's text with its phis as drawn. */
export function symbolFontText(text: string): string {
  return text.replace(/[\u03c6\u03d5]/gu, (c) => (c === '\u03c6' ? '\u03d5' : '\u03c6'));
}

/**
 * A glyph of a formula as its author typed it. mathptmx sets \\epsilon from Symbol's "epsilon"
 * (its OML slot 0x0F maps to psyro's "e") and \\varepsilon from cmmi, both drawn ε; read as
 * U+03B5 the Symbol one renders as \\varepsilon. In a formula it is ϵ (U+03F5, \\epsilon); prose
 * keeps the letter as read.
 */
export function symbolMathChar(ch: string, font: string | undefined): string {
  return ch === '\u03b5' && isSymbolFont(font) ? '\u03f5' : ch;
}
