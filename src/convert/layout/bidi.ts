// Right-to-left text. pdf.js reorders a text item into logical order only when the item is
// mostly RTL (it then reports dir 'rtl'); RTL words inside a mostly-LTR item stay in visual
// (reversed) order. This puts such items into logical order.

const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const RTL_G = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/gu;
/** An RTL stretch: RTL letters and marks, with spaces and neutral punctuation between them. */
const RTL_STRETCH = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF](?:[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u064B-\u065F\s\d.,:;!?'"()\-]*[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF])?/gu;

export function hasRtl(text: string): boolean {
  return RTL.test(text);
}

/** Share of letters that are RTL. */
export function rtlShare(text: string): number {
  const rtl = text.match(RTL_G)?.length ?? 0;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters === 0 ? 0 : rtl / letters;
}

function reverseStretch(s: string): string {
  // Reverse characters, then restore digit runs (numbers read left to right in RTL text too).
  return [...s].reverse().join('').replace(/\d+(?:[.,]\d+)*/g, (d) => [...d].reverse().join(''));
}

/**
 * Visual-order text of one item → logical order: each RTL stretch is reversed; when the item is
 * mostly RTL the order of the stretches is reversed too.
 */
export function visualToLogical(text: string): string {
  if (!hasRtl(text)) return text;
  const parts: { s: string; rtl: boolean }[] = [];
  let last = 0;
  for (const m of text.matchAll(RTL_STRETCH)) {
    if (m.index > last) parts.push({ s: text.slice(last, m.index), rtl: false });
    parts.push({ s: reverseStretch(m[0]), rtl: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ s: text.slice(last), rtl: false });
  if (rtlShare(text) < 0.4) return parts.map((p) => p.s).join('');
  // RTL base direction: the visually rightmost part comes first.
  return parts
    .map((p) => p.s.trim())
    .filter((s) => s.length > 0)
    .reverse()
    .join(' ');
}
