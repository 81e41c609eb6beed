// Display formulas: a short line made of symbols, single letters and numbers around an operator
// ("e^{iπ} + 1 = 0") becomes `$…$` LaTeX; superscripts/subscripts come from raised/lowered smaller
// runs. Anything with ordinary words stays text.
import type { TextRun } from '../layout/types.js';
import { baselineOf } from '../layout/lines.js';
import { symbolMathChar } from '../pdf/symbol-font.js';

const SYMBOLS: Record<string, string> = {
  'π': '\\pi', 'α': '\\alpha', 'β': '\\beta', 'γ': '\\gamma', 'δ': '\\delta', 'ε': '\\varepsilon', 'ϵ': '\\epsilon', 'θ': '\\theta',
  'λ': '\\lambda', 'μ': '\\mu', 'ρ': '\\rho', 'σ': '\\sigma', 'τ': '\\tau', 'φ': '\\phi', 'ω': '\\omega',
  'Δ': '\\Delta', 'Σ': '\\Sigma', 'Ω': '\\Omega', 'Φ': '\\Phi', 'Π': '\\Pi',
  '∇': '\\nabla', '∂': '\\partial', '∫': '\\int', '∑': '\\sum', '∏': '\\prod', '√': '\\sqrt', '∞': '\\infty',
  '×': '\\times', '⋅': '\\cdot', '·': '\\cdot', '−': '-', '±': '\\pm', '≤': '\\leq', '≥': '\\geq', '≠': '\\neq',
  '≈': '\\approx', '→': '\\rightarrow', '∈': '\\in', '≡': '\\equiv',
};

const OPERATOR = /[=<>≤≥≠≈≡∝]/u;
const MATH_CHAR = /[∇∂∫∑∏√∞×⋅±πα-ωΔΣΩΦΠ^]/u;
const FUNCTIONS = new Set(['sin', 'cos', 'tan', 'log', 'ln', 'exp', 'lim', 'max', 'min', 'det', 'mod']);

/** A line that is clearly a formula: an operator, no words beyond function names, short. */
export function isFormulaLine(text: string): boolean {
  const t = text.trim();
  if (t.length < 3 || t.length > 80 || !OPERATOR.test(t)) return false;
  const words = t.match(/[A-Za-z\u00C0-\u024F]{3,}/gu) ?? [];
  if (words.some((w) => !FUNCTIONS.has(w.toLowerCase()))) return false;
  const letters = t.match(/\p{L}/gu)?.length ?? 0;
  // Letters are variables here: few, next to operators or symbols.
  return letters <= 12 && (MATH_CHAR.test(t) || /[\p{L}\d]\s*[=+\-−]/u.test(t));
}

function latexText(s: string, font?: string): string {
  let out = '';
  for (const c of s) {
    const ch = symbolMathChar(c, font);
    const sym = SYMBOLS[ch];
    out += sym ? (/[a-z]$/i.test(sym) ? `${sym} ` : sym) : ch;
  }
  return out.replace(/\s+/g, ' ');
}

/**
 * Appends a raised (^) or lowered (_) run: one next to a script of the same kind extends it, as
 * "x^{1}^{2}" is a KaTeX error (double superscript) where "x^{12}" renders.
 */
function script(out: string, mark: '^' | '_', text: string): string {
  const trimmed = out.replace(/\s+$/, '');
  const open = new RegExp(`\\${mark}\\{([^{}]*)\\}$`).exec(trimmed);
  return open ? `${trimmed.slice(0, open.index)}${mark}{${open[1]}${text}}` : `${trimmed}${mark}{${text}}`;
}

/** Runs of one line → LaTeX, with raised smaller runs as ^{…} and lowered ones as _{…}. */
export function formulaToLatex(runs: TextRun[]): string {
  const ordered = runs.slice().sort((a, b) => a.x - b.x);
  const main = ordered.reduce((m, r) => (r.fontSize > m.fontSize ? r : m), ordered[0]);
  const base = baselineOf(main);
  let out = '';
  let prevEnd = -Infinity;
  for (const r of ordered) {
    const b = baselineOf(r);
    const small = r.fontSize < main.fontSize * 0.85;
    const raw = r.text.trim();
    // A bold letter in a formula is a vector or field (\mathbf).
    const text = r.bold && /^\p{L}$/u.test(raw) ? `\\mathbf{${raw}}` : latexText(raw, r.fontName);
    if (small && b < base - 0.15 * main.fontSize) out = script(out, '^', text.trim());
    else if (small && b > base + 0.1 * main.fontSize) out = script(out, '_', text.trim());
    else {
      if (r.x - prevEnd > 0.15 * main.fontSize && out) out += ' ';
      out += text;
    }
    prevEnd = r.x + r.width;
  }
  return out.replace(/\s*([=+\-])\s*/g, '$1').replace(/\s+/g, ' ').trim();
}

/**
 * Fonts that set mathematics: TeX math italic/symbols/extension, AMS, STIX/Cambria/Latin Modern
 * Math, Symbol, MT Extra, KaTeX's math italic, delimiter sizes and AMS faces (KaTeX_Main is its
 * upright roman, like TeX's CMR: text too, so not listed).
 */
const MATH_FONT = /^(?:[A-Z]{6}\+)?(?:KaTeX_(?:Math|Size\d|AMS)|CMMI|CMSY|CMEX|CMBSY|CMMIB|MSBM|MSAM|EUFM|EUSM|EUEX|RSFS|LMMath|LatinModernMath|STIXMath|STIXTwoMath|STIX2Math|XITSMath|CambriaMath|Cambria-Math|Cambria,?Math|AsanaMath|TeXGyre\w*Math|Symbol|StandardSym|MTExtra|MT-Extra|MTMI|MTSY|MTEX|txmi|txsy|txex|pxmi|pxsy|pxex|rtxmi|zxlr|MathematicalPi|Euclid)/i;

export function isMathFont(fontName: string | undefined): boolean {
  return fontName !== undefined && MATH_FONT.test(fontName);
}

/**
 * A run that sets mathematics: in a math face, or a variable's letters in a text italic (no word of
 * three letters). mathptmx and newtx set a formula's letters in Times Italic, its Greek and
 * operators in Symbol, and "=" "+" in the roman (a paper in Times has no CMMI to tell its math by).
 */
export function isMathRun(r: Pick<TextRun, 'fontName' | 'italic' | 'text'>): boolean {
  if (isMathFont(r.fontName)) return true;
  return r.italic === true && /\p{L}/u.test(r.text) && !/\p{L}{3,}/u.test(r.text);
}

/** An equation number at the right end of a display formula: "(3)", "(2.14a)". */
export const EQUATION_NUMBER = /^\(\s*\d{1,3}(?:\.\d{1,3})?[a-z]?\s*\)$/;

/**
 * A display line set in math fonts: at least this share of its characters in math faces, and at
 * most one word of four or more letters in text faces (function names aside).
 */
export function isMathFontLine(runs: TextRun[]): boolean {
  let math = 0;
  let all = 0;
  let words = 0;
  for (const r of runs) {
    const n = r.text.replace(/\s/g, '').length;
    all += n;
    if (isMathRun(r)) math += n;
    else for (const w of r.text.match(/\p{L}{4,}/gu) ?? []) if (!FUNCTIONS.has(w.toLowerCase())) words++;
  }
  return all >= 3 && all <= 200 && math >= 0.35 * all && words <= 1;
}
