// Watermarks (issue 9): a word or two set large and diagonal across the page ("DRAFT",
// "CONFIDENTIAL", "COPY") is a stamp over the text, not part of it. A document pass over the page
// models: such a block becomes furniture (a page header: kept in the blocks with its box, left out
// of the page's Markdown, DECISIONS §8) when it repeats on another page or stands over the
// middle of the page. Sideways text that is not diagonal (a figure's caption or an axis title
// turned 90°), diagonal text set small (slanted tick labels) and long text stay content, and a
// watermark is never the only content of its page.
import { isFurniture, type Block, type PageModel } from '../model.js';
import { dominantSize } from './headings.js';

/** Off both axes by at least this many degrees: diagonal. */
const MIN_SLANT_DEG = 15;
/** At least this many times the page's prose size… */
const MIN_SIZE_RATIO = 2;
/** …and at least this size (points) where the page has little prose to compare with. */
const MIN_SIZE_PT = 20;
/** A stamp is a word or a few. */
const MAX_WORDS = 4;
const MAX_CHARS = 40;
/** Its centre within this share of the page's width and height from the page's centre: over the middle. */
const CENTRE_SHARE = 0.25;

function blockText(b: Block): string {
  return b.lines.map((l) => l.text).join(' ').replace(/\s+/g, ' ').trim();
}

/** How far the baseline is from the nearest axis, in degrees (0..45). */
function slant(angle: number): number {
  const a = ((angle % 90) + 90) % 90;
  return Math.min(a, 90 - a);
}

/** The size the page's upright prose is set in (0 without any). */
function proseSize(page: PageModel): number {
  return dominantSize(page.blocks.flatMap((b): Array<[number, number]> => (b.type === 'paragraph' && b.angle === undefined && b.size !== undefined ? [[b.size, blockText(b).length]] : [])));
}

/** A short text set large and diagonal: what a watermark looks like (where it is decides). */
function stampLike(b: Block, prose: number): boolean {
  if (b.angle === undefined || b.size === undefined || slant(b.angle) < MIN_SLANT_DEG) return false;
  if (b.size < Math.max(MIN_SIZE_PT, MIN_SIZE_RATIO * prose)) return false;
  const text = blockText(b);
  return text.length <= MAX_CHARS && text.split(' ').length <= MAX_WORDS && /\p{L}{2}/u.test(text);
}

function overMiddle(b: Block, page: PageModel): boolean {
  const cx = (b.bbox[0] + b.bbox[2]) / 2;
  const cy = (b.bbox[1] + b.bbox[3]) / 2;
  return Math.abs(cx - page.width / 2) <= CENTRE_SHARE * page.width && Math.abs(cy - page.height / 2) <= CENTRE_SHARE * page.height;
}

const key = (b: Block): string => blockText(b).toLowerCase();

/** Marks large diagonal stamps as furniture. Pages are returned as new objects only where a block changes. */
export function markWatermarks(pages: PageModel[]): PageModel[] {
  const stamps = pages.map((page) => {
    const prose = proseSize(page);
    return page.blocks.filter((b) => !isFurniture(b) && stampLike(b, prose));
  });
  const pagesWith = new Map<string, number>();
  for (const found of stamps) for (const k of new Set(found.map(key))) pagesWith.set(k, (pagesWith.get(k) ?? 0) + 1);
  return pages.map((page, p) => {
    const marks = new Set(stamps[p].filter((b) => (pagesWith.get(key(b)) ?? 0) >= 2 || overMiddle(b, page)));
    if (marks.size === 0) return page;
    // Furniture is never the only content of a page.
    if (!page.blocks.some((b) => !isFurniture(b) && !marks.has(b))) return page;
    return { ...page, blocks: page.blocks.map((b): Block => (marks.has(b) ? { ...b, type: 'page_header' } : b)) };
  });
}
