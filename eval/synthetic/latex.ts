// Random but plausible display equations as LaTeX (the `math` family, families/math.ts): letters
// and Greek with sub/superscripts, numbers, \frac, \sqrt, \sum/\prod with limits under and over,
// \int with limits beside, relations, \left(\right) around tall content, and aligned equations
// of two to four lines. Written the way an author types them, in the one spelling KaTeX gives
// one MathML for (`x_{i}^{2}`, braces always), so the truth is a fair target for a converter that
// reads the glyphs back. `\left(…\right)` only around a fraction or a big operator: around plain
// letters the stretched parenthesis has the text's own size and cannot be told from `(…)` by eye.
// For papers set by pdfTeX (families/tex.ts) also what amsmath papers use: matrices and column
// vectors (pmatrix, bmatrix), functions by cases, and estimates or means with a hat or a bar.
import type { Rng } from './random.js';

const LATIN = 'abcdfghkmnpqrstuvwxyzABCFGHKLMNPRSTUVWXYZ'.split('');
const GREEK = ['\\alpha', '\\beta', '\\gamma', '\\delta', '\\epsilon', '\\theta', '\\lambda', '\\mu', '\\nu', '\\xi', '\\pi', '\\rho', '\\sigma', '\\tau', '\\phi', '\\chi', '\\psi', '\\omega', '\\Gamma', '\\Delta', '\\Theta', '\\Lambda', '\\Sigma', '\\Phi', '\\Psi', '\\Omega'];
const INDICES = ['i', 'j', 'k', 'n', 'm', 't'];
// No \neq: KaTeX draws it as `=` with a slash from its private-use area laid over it, a glyph
// with no Unicode meaning in the PDF's text (TeX's \not= is two glyphs too); not read back yet.
const RELATIONS = ['=', '=', '=', '\\leq', '\\geq', '<', '>', '\\approx', '\\equiv'];
const BINARY = ['+', '+', '-', '-', '\\cdot', '\\pm', '\\times'];

/** How deep fractions and roots may nest, so equations stay the size papers print. */
const MAX_DEPTH = 2;

function letter(rng: Rng): string {
  return rng.chance(0.25) ? rng.pick(GREEK) : rng.pick(LATIN);
}

function number(rng: Rng): string {
  return rng.chance(0.8) ? String(rng.int(1, 9)) : String(rng.int(10, 99));
}


/** What goes in a subscript: an index, an index sum, a number. */
function subscript(rng: Rng): string {
  const r = rng.next();
  if (r < 0.55) return rng.pick(INDICES);
  if (r < 0.75) return number(rng);
  if (r < 0.9) return `${rng.pick(INDICES)}${rng.pick(['+', '-'])}1`;
  return `${rng.pick(INDICES)}${rng.pick(INDICES)}`;
}

function superscript(rng: Rng): string {
  const r = rng.next();
  if (r < 0.6) return String(rng.int(2, 4));
  if (r < 0.8) return rng.pick(['n', 'k', 'T', '-1']);
  return `${rng.pick(INDICES)}+1`;
}

/** A letter with a hat or a bar over it (estimates, means), as amsmath papers write them. */
function accented(rng: Rng): string {
  return `\\${rng.pick(['hat', 'bar'])}{${rng.pick(LATIN.filter((c) => c === c.toLowerCase()))}}`;
}

/** A letter with a subscript, a superscript, both or neither. */
function scripted(rng: Rng): string {
  const base = letter(rng);
  const r = rng.next();
  if (r < 0.3) return base;
  if (r < 0.55) return `${base}_{${subscript(rng)}}`;
  if (r < 0.8) return `${base}^{${superscript(rng)}}`;
  return `${base}_{${subscript(rng)}}^{${superscript(rng)}}`;
}

/** A product of one to three factors, sometimes after a number (numbers only lead: "2 x y", never "x 2"). */
function product(rng: Rng): string {
  const factors = Array.from({ length: rng.int(1, 3) }, () => scripted(rng));
  if (rng.chance(0.2)) factors.unshift(number(rng));
  return factors.join(' ');
}

/** A sum of small terms: what fills numerators, roots and parentheses. */
function simple(rng: Rng, terms = rng.int(1, 2)): string {
  const parts = [product(rng)];
  for (let i = 1; i < terms; i++) parts.push(rng.pick(['+', '-']), product(rng));
  return parts.join(' ');
}

function fraction(rng: Rng, depth: number): string {
  const inner = (): string => (depth + 1 < MAX_DEPTH && rng.chance(0.15) ? sqrt(rng, depth + 1) : simple(rng));
  return `\\frac{${inner()}}{${inner()}}`;
}

function sqrt(rng: Rng, depth: number): string {
  return `\\sqrt{${depth + 1 < MAX_DEPTH && rng.chance(0.2) ? fraction(rng, depth + 1) : simple(rng)}}`;
}

/** ∑ or ∏ with limits under and over, or ∫ with limits beside, and what it applies to. */
function bigOperator(rng: Rng): string {
  const r = rng.next();
  const i = rng.pick(INDICES.slice(0, 3));
  if (r < 0.45) return `\\sum_{${i}=1}^{${rng.pick(['n', 'N', 'm', 'K'])}} ${letter(rng)}_{${i}}`;
  if (r < 0.6) return `\\prod_{${i}=1}^{${rng.pick(['n', 'N'])}} ${letter(rng)}_{${i}}`;
  const v = rng.pick(['x', 't', 's', 'u']);
  const f = rng.chance(0.5) ? `${v}^{${rng.int(2, 3)}}` : `${rng.pick(['f', 'g', 'h'])}(${v})`;
  return `\\int_{${rng.pick(['0', 'a', '-1'])}}^{${rng.pick(['1', 'b', 'T'])}} ${f} d${v}`;
}

/** `\left( … \right)` around tall content, times a factor. */
function parenthesised(rng: Rng, depth: number): string {
  const tall = rng.chance(0.6) ? fraction(rng, depth) : bigOperator(rng);
  const inner = rng.chance(0.5) ? `${tall} ${rng.pick(['+', '-'])} ${product(rng)}` : `${product(rng)} ${rng.pick(['+', '-'])} ${tall}`;
  const power = rng.chance(0.3) ? `^{${rng.int(2, 3)}}` : '';
  return `\\left( ${inner} \\right)${power}`;
}

/** One term of an expression side. */
function term(rng: Rng, depth = 0): string {
  const r = rng.next();
  if (r < 0.4) return product(rng);
  if (r < 0.6) return fraction(rng, depth);
  if (r < 0.7) return sqrt(rng, depth);
  if (r < 0.85) return bigOperator(rng);
  return parenthesised(rng, depth);
}

/** An expression: terms joined by binary operators. */
export function expression(rng: Rng, minTerms = 1, maxTerms = 3): string {
  const n = rng.int(minTerms, maxTerms);
  const parts = [term(rng)];
  for (let i = 1; i < n; i++) parts.push(rng.pick(BINARY), term(rng));
  return parts.join(' ');
}

/** A one-line equation: a left side, a relation and a right side. */
export function equation(rng: Rng): string {
  const lhs = rng.chance(0.6) ? scripted(rng) : expression(rng, 1, 2);
  return `${lhs} ${rng.pick(RELATIONS)} ${expression(rng, 1, 3)}`;
}

/** An estimate or a mean on the left (`\\hat{b}_{i} = …`, `\\bar{x} = \\frac{1}{n} \\sum …`). */
export function accentedEquation(rng: Rng): string {
  const lhs = `${accented(rng)}${rng.chance(0.4) ? `_{${subscript(rng)}}` : ''}`;
  if (rng.chance(0.4)) {
    const i = rng.pick(INDICES.slice(0, 3));
    const n = rng.pick(['n', 'N', 'm']);
    return `${lhs} = \\frac{1}{${n}} \\sum_{${i}=1}^{${n}} ${letter(rng)}_{${i}}`;
  }
  return `${lhs} ${rng.pick(RELATIONS)} ${expression(rng, 1, 3)}`;
}

/** Matrix entries: a scripted letter, a digit, or 0. */
function entry(rng: Rng): string {
  const r = rng.next();
  if (r < 0.5) return scripted(rng);
  if (r < 0.75) return String(rng.int(1, 9));
  return r < 0.9 ? '0' : `-${scripted(rng)}`;
}

/**
 * A matrix or a column vector in parentheses or brackets (amsmath's pmatrix, bmatrix): a vector
 * of two to four rows, or a square or wide matrix of two to three rows.
 */
export function matrix(rng: Rng): string {
  const env = rng.pick(['pmatrix', 'bmatrix']);
  const vector = rng.chance(0.4);
  const rows = rng.int(2, vector ? 4 : 3);
  const cols = vector ? 1 : rng.int(2, 3);
  const body = Array.from({ length: rows }, () => Array.from({ length: cols }, () => entry(rng)).join(' & ')).join(' \\\\ ');
  return `\\begin{${env}} ${body} \\end{${env}}`;
}

/** A matrix equation: `A = (…)`, `x = […]`, or a matrix times a vector. */
export function matrixEquation(rng: Rng): string {
  const lhs = rng.chance(0.5) ? rng.pick(['A', 'B', 'M', 'X', '\\Sigma']) : scripted(rng);
  return `${lhs} = ${matrix(rng)}${rng.chance(0.3) ? ` ${matrix(rng)}` : ''}`;
}

/** A function defined by cases: two or three branches, each a value and a condition. */
export function casesEquation(rng: Rng): string {
  const v = rng.pick(['x', 't', 'n']);
  const f = `${rng.pick(['f', 'g', 'h', 'u'])}(${v})`;
  const n = rng.int(2, 3);
  const bounds = [String(rng.int(0, 3)), String(rng.int(4, 9))];
  const conditions = n === 2 ? [`${v} \\geq ${bounds[0]}`, `${v} < ${bounds[0]}`] : [`${v} < ${bounds[0]}`, `${bounds[0]} \\leq ${v} < ${bounds[1]}`, `${v} \\geq ${bounds[1]}`];
  const rows = conditions.map((c) => `${expression(rng, 1, 2)} & ${c}`);
  return `${f} = \\begin{cases} ${rows.join(' \\\\ ')} \\end{cases}`;
}

/**
 * Aligned equations, TeX's `align*` as KaTeX spells it: a first line `lhs &= rhs` and two to three
 * more lines `&= rhs` (a chain of steps) or each with a left side of its own (a system).
 */
export function alignedEquations(rng: Rng): string {
  const lines = rng.int(2, 4);
  const chain = rng.chance(0.6);
  const rows: string[] = [];
  for (let i = 0; i < lines; i++) {
    const lhs = i === 0 || !chain ? scripted(rng) : '';
    rows.push(`${lhs} &${rng.pick(RELATIONS.slice(0, 5))} ${expression(rng, 1, 2)}`.trim());
  }
  return `\\begin{aligned} ${rows.join(' \\\\ ')} \\end{aligned}`;
}
