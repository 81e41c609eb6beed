// Which text-layer lines a furniture rule may take: lines in the page's top or bottom margin band
// that repeat across pages (digits ignored) or are a folio (alone or as a piece of the line), and
// download or scan stamps anywhere. Only these are excepted from coverage.

/** The margin band, as a share of the page height, at the top and at the bottom (the engine's own strip, 12 %). */
export const MARGIN_BAND = 0.12;
/** A folio or a head with a folio may sit lower (wide book margins) when it is the page's first or last line. */
const FOLIO_BAND = 0.16;
/** A bare page number alone as the page's first or last line may sit this far in (generous LaTeX margins; the engine's own rule). */
const LONE_FOLIO_BAND = 0.25;

/** "12", "Page 3 of 9", "- 41 -", "xii", and chapter-page numbers ("7-45", "A-3"). */
const FOLIO = /^[-–—]?\s*(page\s+)?((\d{1,3}|[a-z])[-–]\d{1,4}|\d{1,4}|[ivxlc]{1,6})(\s+(of|\/)\s+\d{1,4})?\s*[-–—]?$/i;
const YEAR = /^(1[5-9]|20)\d\d$/;
/**
 * Download and scan stamps ("Downloaded from … on <date>", "Digitized by …"): furniture by their
 * form, wherever they sit (side notes along the margin); the corpus README wants them dropped.
 */
const STAMP = /(^|\s)(downloaded|retrieved|accessed)\s+(from|on|at)\b|^digiti[sz]ed by\b/i;
/** A running head with the folio at one end ("400 BRITISH HUSBANDRY", "Annual Report 9"): a page number, not a year. */
const HEAD_WITH_FOLIO = /^(\d{1,3}\s+\S.{0,80}|\S.{0,80}\s+\d{1,3})$/;
const HEAD_MAX_WORDS = 10;

function repeatKey(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

/**
 * Per page, the indexes (into `lines`) of furniture candidates. Pieces of one baseline are judged
 * together: a running head is often a title and a folio set apart.
 */
export function furnitureCandidates(pages: Array<{ height: number; lines: Array<{ y: number; text: string; baseline: number }> }>): Array<Set<number>> {
  const inBand = (y: number, h: number, band = MARGIN_BAND) => y < h * band || y > h * (1 - band);
  const baselines = pages.map((page) => {
    const texts = new Map<number, string[]>();
    const ys = page.lines.map((l) => l.y);
    const [first, last] = [Math.min(...ys), Math.max(...ys)];
    for (const line of page.lines) {
      const lone = (line.y === first || line.y === last) && inBand(line.y, page.height, LONE_FOLIO_BAND) && FOLIO.test(line.text.trim()) && !YEAR.test(line.text.trim());
      if (!inBand(line.y, page.height, FOLIO_BAND) && !lone) continue;
      if (!texts.has(line.baseline)) texts.set(line.baseline, []);
      texts.get(line.baseline)!.push(line.text.trim());
    }
    return new Map([...texts].map(([b, t]) => [b, t.join(' ')]));
  });
  const pagesWithKey = new Map<string, Set<number>>();
  baselines.forEach((texts, p) => {
    for (const [baseline, text] of texts) {
      if (!inBand(pages[p].lines.find((l) => l.baseline === baseline)!.y, pages[p].height)) continue;
      const key = repeatKey(text);
      if (!pagesWithKey.has(key)) pagesWithKey.set(key, new Set());
      pagesWithKey.get(key)!.add(p);
    }
  });
  return pages.map((page, p) => {
    const furniture = new Set<number>();
    const ys = page.lines.map((l) => l.y);
    const [first, last] = [Math.min(...ys), Math.max(...ys)];
    for (const [baseline, text] of baselines[p]) {
      const y = page.lines.find((l) => l.baseline === baseline)!.y;
      const edge = inBand(y, page.height) || y === first || y === last;
      // A running line set in pieces, one of them the folio ("Journal | url ⟶ 3 ⟶ March 2014").
      const pieces = page.lines.filter((l) => l.baseline === baseline).map((l) => l.text.trim());
      const folioPiece = inBand(y, page.height) && pieces.length >= 2 && pieces.some((t) => FOLIO.test(t) && !YEAR.test(t));
      const folio = edge && (FOLIO.test(text) || folioPiece || (HEAD_WITH_FOLIO.test(text) && text.split(/\s+/).length <= HEAD_MAX_WORDS));
      const repeats = inBand(y, page.height) && (pagesWithKey.get(repeatKey(text))?.size ?? 0) >= 2;
      if (!folio && !repeats) continue;
      page.lines.forEach((line, i) => {
        if (line.baseline === baseline) furniture.add(i);
      });
    }
    page.lines.forEach((line, i) => {
      if (STAMP.test(line.text.trim())) furniture.add(i);
    });
    return furniture;
  });
}
