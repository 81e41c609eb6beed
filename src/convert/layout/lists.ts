// List markers: bullets (•, -, ▪, …) and enumerators (1., 2), a), (iv), A.).

export interface ListMarker {
  ordered: boolean;
  /** The number for ordered lists written with digits. */
  number?: number;
  /** The marker as written (kept for letters and roman numerals, which Markdown cannot number). */
  label: string;
  /** The text after the marker. */
  rest: string;
}

const BULLET = /^([•·▪▫■□◦●○‣⁃∙➢➤►▶✓✔❖◆◇\-–—*+])\s+(.*)$/su;
const BULLET_TIGHT = /^([•▪■◦●‣➢➤►▶❖◆])(\S.*)$/su;
const NUMBERED = /^(\d{1,3})([.)])\s+(.*)$/su;
const LETTERED = /^(\(?[a-zA-Z]\)|[a-z]\.)\s+(.*)$/su;
const ROMAN = /^(\(?(?:i{1,3}|iv|vi{0,3}|ix|x)\)|(?:i{1,3}|iv|vi{0,3}|ix|x)\.)\s+(.*)$/su;

export function listMarker(text: string): ListMarker | null {
  let m = BULLET.exec(text) ?? BULLET_TIGHT.exec(text);
  if (m) return m[2].length > 0 ? { ordered: false, label: m[1], rest: m[2] } : null;
  m = NUMBERED.exec(text);
  if (m) {
    // "2010. The year…" or "3) " followed by lowercase prose is rare; years are not list numbers.
    const n = Number(m[1]);
    if (m[3].length > 0) return { ordered: true, number: n, label: m[1] + m[2], rest: m[3] };
  }
  m = ROMAN.exec(text);
  if (m) return { ordered: false, label: m[1], rest: m[2] };
  m = LETTERED.exec(text);
  if (m) return { ordered: false, label: m[1], rest: m[2] };
  return null;
}
