// Styles from TeX font names that the generic name rules miss: Computer Modern and its Type 1
// re-encodings (cm-super `SFBX1000`, EC `ECBX1000`, Latin Modern `LMRoman10-Bold` is generic)
// spell the weight and shape as two-letter series/shape codes after a family prefix.
import type { TextRun } from './types.js';

/** Prefix (CM, SF, EC, TC, LM…) then series/shape: BX/B bold, BI bold italic, TI/SL/IT/SI italic, TT mono. */
const TEX_NAME = /^(?:[A-Z]{6}\+)?(?:CM|SF|EC|TC|EU|LM)(?:SS)?([A-Z]{2})\d{2,4}$/i;

export function texStyle(fontName: string | undefined): { bold?: true; italic?: true; monospace?: true } | null {
  if (!fontName) return null;
  const m = TEX_NAME.exec(fontName);
  if (!m) return null;
  switch (m[1].toUpperCase()) {
    case 'BX':
    case 'SX':
    case 'BL':
      return { bold: true };
    case 'BI':
      return { bold: true, italic: true };
    case 'TI':
    case 'SL':
    case 'IT':
    case 'SI':
      return { italic: true };
    case 'TT':
    case 'TL':
    case 'TO':
      return { monospace: true };
    default:
      return null;
  }
}

/** Runs whose TeX font name says bold/italic/monospace get that style. */
export function applyTexFontStyles(runs: TextRun[]): TextRun[] {
  const cache = new Map<string, ReturnType<typeof texStyle>>();
  let changed = false;
  const out = runs.map((r) => {
    if (!r.fontName) return r;
    let st = cache.get(r.fontName);
    if (st === undefined) cache.set(r.fontName, (st = texStyle(r.fontName)));
    if (!st || ((!st.bold || r.bold) && (!st.italic || r.italic) && (!st.monospace || r.monospace))) return r;
    changed = true;
    return { ...r, bold: r.bold || Boolean(st.bold), italic: r.italic || Boolean(st.italic), monospace: r.monospace || Boolean(st.monospace) };
  });
  return changed ? out : runs;
}
