// Does a page carry a real text layer, or must it be OCR'd? A few stamps ("Page 3", a barcode
// number) or a garbage invisible OCR layer do not count.
import type { PageLayoutInput } from '../layout/types.js';
import { MIN_TEXT_LAYER_CHARS } from '../layout/limits.js';

/** Share of the page covered by its largest image above which a page looks scanned. */
const SCAN_IMAGE_SHARE = 0.6;

export function usableTextLayer(input: PageLayoutInput): boolean {
  let visible = 0;
  let wordish = 0;
  let odd = 0;
  const tokens: string[] = [];
  for (const r of input.runs) {
    if (r.rotated) continue;
    // Dot leaders (tables of contents) are not garbage.
    for (const ch of r.text.replace(/(?:[.…·]\s?){3,}/g, ' ')) {
      if (/\s/u.test(ch)) continue;
      visible++;
      if (/[\p{L}\p{N}]/u.test(ch)) wordish++;
      else if (ch === '\uFFFD' || /[\p{Co}\p{Cc}]/u.test(ch)) odd++;
    }
    if (tokens.length < 2000) for (const t of r.text.split(/\s+/)) if (t) tokens.push(t);
  }
  if (visible < MIN_TEXT_LAYER_CHARS) return false;
  if (odd / visible > 0.1 || wordish / visible < 0.5) return false;
  const pageArea = input.width * input.height;
  const bigImage = input.images.some((b) => b.width * b.height > SCAN_IMAGE_SHARE * pageArea);
  if (!bigImage) return true;
  // Scanned page with an (invisible) OCR layer: keep it only when it reads like text and covers
  // more than a stamp.
  if (visible < 200) return false;
  const mean = tokens.reduce((s, t) => s + t.length, 0) / Math.max(1, tokens.length);
  const singles = tokens.filter((t) => t.length === 1).length / Math.max(1, tokens.length);
  const vowelless = tokens.filter((t) => t.length > 3 && /^[A-Za-z]+$/.test(t) && !/[aeiouyAEIOUY]/.test(t)).length / Math.max(1, tokens.length);
  return mean >= 2.5 && mean <= 12 && singles < 0.35 && vowelless < 0.15;
}
