// Insets (issue 9): text the page sets apart from its flow with a drawn shape — inside a frame or
// on a shaded fill (a boxed sidebar, a note box), or between two rules of the same extent (a pull
// quote) — is read as one unit. Its lines become an atom placed whole by the reading order where
// it stands, its blocks marked `aside`, so a paragraph that runs on around it is joined and the
// unit follows that paragraph (continuations.ts), never lands inside a sentence. A large shape
// holding no text (a drawn figure) is placed whole too, with no blocks.
import type { Block } from '../model.js';
import { orderRegion, splitBands, type Item } from './regions.js';
import { assembleTableBlocks } from './table-blocks.js';
import { regionBlocks } from './flow.js';
import { mergeLines } from './ruled-tables.js';
import { gutterMin, type Atom, type PageState } from './page-state.js';
import type { Box } from './types.js';
import { IMAGE_MIN_PAGE_SHARE } from './limits.js';

/** A shape covering more of the page than this is a page background, not an inset. */
const MAX_PAGE_SHARE = 0.5;
/** Lines of text an inset holds at least (one shaded line is a highlight or a table row). */
const MIN_LINES = 2;
/** A one-line shape this many times wider or taller than its line is a banner. */
const BANNER_MIN_GROWTH = 1.6;
/** Two rules frame a pull quote when their ends lie this close (points)… */
const RULE_END_TOL = 3;
/** …and they are at most this many body sizes apart. */
const MAX_QUOTE_HEIGHT_EM = 12;
/** Sizes further apart than this share of the body size are another size. */
const OTHER_SIZE = 0.12;
/** Shapes looked at per page (the stripe test compares every pair). */
const MAX_SHAPES = 300;
/** Slack (points) for text touching a shape's edge. */
const EDGE = 2;

function centreInside(it: Item, b: Box): boolean {
  const cx = (it.x0 + it.x1) / 2;
  const cy = (it.top + it.bottom) / 2;
  return cx > b.x && cx < b.x + b.width && cy > b.y && cy < b.y + b.height;
}

function crossesEdge(it: Item, b: Box): boolean {
  const overlapX = Math.min(it.x1, b.x + b.width) - Math.max(it.x0, b.x);
  const overlapY = Math.min(it.bottom, b.y + b.height) - Math.max(it.top, b.y);
  if (overlapX <= 0 || overlapY <= 0) return false;
  return it.x0 < b.x - EDGE || it.x1 > b.x + b.width + EDGE || it.top < b.y - EDGE || it.bottom > b.y + b.height + EDGE;
}

/**
 * A banner: one line on a shape well wider or taller than the line (a shaded strip across the
 * page), not a highlight drawn tight behind a line of a paragraph.
 */
function isBanner(line: Item, b: Box): boolean {
  return b.width >= BANNER_MIN_GROWTH * (line.x1 - line.x0) || b.height >= BANNER_MIN_GROWTH * (line.bottom - line.top);
}

/** Text this close (body sizes) beside a one-line shape, on that line, goes on with the line. */
const BESIDE_EM = 1;

/**
 * Whether text of the page stands right beside a one-line shape on the shape's line: a form's
 * label before the box its value is written in ("Date of birth [05/08/1977]"). Such a box is part
 * of its line, not a banner set apart (read apart, the value lost its label: forms family, boxed
 * fields). A banner's line has the shape to itself.
 */
function lineGoesOn(items: Item[], line: Item, b: Box, body: number): boolean {
  const h = line.bottom - line.top;
  return items.some((it) => {
    if (it === line || !it.seg || centreInside(it, b)) return false;
    if (Math.min(it.bottom, line.bottom) - Math.max(it.top, line.top) <= 0.5 * h) return false;
    const before = it.x1 <= b.x + EDGE && b.x - it.x1 <= BESIDE_EM * body;
    const after = it.x0 >= b.x + b.width - EDGE && it.x0 - (b.x + b.width) <= BESIDE_EM * body;
    return before || after;
  });
}

/** Rows this many shape heights above or below a one-line shape are looked at. */
const NEXT_ROW_HEIGHTS = 1.5;
/** The rows next to a stripe span this share of its width at least. */
const ROW_SPAN_SHARE = 0.5;
/** …and lie at most this share of its height from it. */
const ROW_GAP_SHARE = 0.35;

/**
 * Whether the rows right above and right below a one-line shape are rows of cells (two pieces or
 * more on the line) within its extent and across most of it: the shape is a table's row shading
 * (a zebra table of three rows has one stripe; read as a banner, its row cut the table in two and
 * the rows under it fell out of the table). A banner has prose or nothing on one side.
 */
function betweenRows(items: Item[], b: Box, inside: ReadonlySet<Item>): boolean {
  const within = items.filter((it) => it.seg && !inside.has(it) && it.x0 >= b.x - EDGE && it.x1 <= b.x + b.width + EDGE);
  const reach = NEXT_ROW_HEIGHTS * b.height;
  // A row of cells: pieces on one baseline, across most of the stripe, as close to it as rows of
  // a table are to each other (a banner across two columns of prose has their lines, on
  // staggered baselines, and space around it).
  const cells = (band: Item[] | undefined, gap: (it: Item) => number): boolean => {
    if (!band || band.length < 2) return false;
    const baselines = band.map((it) => it.seg!.baseline);
    if (Math.max(...baselines) - Math.min(...baselines) > EDGE) return false;
    if (band.some((it) => gap(it) > ROW_GAP_SHARE * b.height)) return false;
    return Math.max(...band.map((it) => it.x1)) - Math.min(...band.map((it) => it.x0)) >= ROW_SPAN_SHARE * b.width;
  };
  const above = splitBands(within.filter((it) => it.bottom <= b.y + EDGE && it.bottom >= b.y - reach));
  const below = splitBands(within.filter((it) => it.top >= b.y + b.height - EDGE && it.top <= b.y + b.height + reach));
  return cells(above.at(-1), (it) => b.y - it.bottom) && cells(below[0], (it) => it.top - (b.y + b.height));
}

/**
 * The items a shape sets apart, or null when it is no inset: it holds lines of running text (one
 * piece per line: a grid of cells is a table's business) or is a banner (with no text beside it
 * on its line), nothing crosses its edge, and text of the page lies outside it.
 */
function setApart(items: Item[], b: Box, body: number, ruled: boolean, stacked: boolean): Item[] | null {
  const inside = items.filter((it) => it.seg && centreInside(it, b));
  if (inside.length === 0 || inside.length === items.length) return null;
  // Between two rules: a quote set in another face than the body, not a stretch of the text
  // that a rule above and below happen to frame.
  if (ruled && !inside.every((it) => it.seg!.italic || Math.abs(it.seg!.size - body) > OTHER_SIZE * body)) return null;
  const set = new Set(inside);
  if (items.some((it) => !set.has(it) && crossesEdge(it, b))) return null;
  const bands = splitBands(inside);
  if (bands.some((band) => band.length > 1)) return null;
  // One line on one of a stack of shapes is a table row on its stripe, not a banner; so is one
  // line on a lone shape between rows of cells that span it (a short table's one zebra stripe).
  if (bands.length < MIN_LINES && (stacked || !isBanner(inside[0], b) || lineGoesOn(items, inside[0], b, body) || betweenRows(items, b, set))) return null;
  return inside;
}

/**
 * A shape holding no text this wide (share of the page: a column of a three-column page), tall
 * (body sizes) and large (share of the page, as a figure image must be) is a drawn figure. One
 * set in a column of three left a hole in it, and the reading order cut the page across there.
 */
const FIGURE_MIN_WIDTH_SHARE = 0.2;
const FIGURE_MIN_HEIGHT_EM = 3;

function isDrawnFigure(items: Item[], atoms: Atom[], b: Box, s: PageState): boolean {
  if (b.width < FIGURE_MIN_WIDTH_SHARE * s.input.width || b.height < FIGURE_MIN_HEIGHT_EM * s.body) return false;
  if (b.width * b.height < IMAGE_MIN_PAGE_SHARE * s.input.width * s.input.height) return false;
  const meets = (x0: number, x1: number, top: number, bottom: number): boolean => Math.min(x1, b.x + b.width) - Math.max(x0, b.x) > 0 && Math.min(bottom, b.y + b.height) - Math.max(top, b.y) > 0;
  // Nor anything placed already: a frame drawn around a ruled table or a picture (their text
  // taken by them) holds them; it is no empty figure of its own.
  return !items.some((it) => meets(it.x0, it.x1, it.top, it.bottom)) && !atoms.some((a) => a.blocks.length > 0 && meets(a.box.x, a.box.x + a.box.width, a.box.y, a.box.y + a.box.height));
}

/** Stacked shapes this much apart in height at most are rows of one table. */
const STRIPE_HEIGHT_RATIO = 1.25;
/** …and at most this many row heights apart (zebra stripes leave one row between them). */
const STRIPE_GAP_ROWS = 1.2;

/**
 * One of a stack of shapes of the same extent (zebra stripes, the shaded or framed rows and cells
 * of a table): another one lies right above or below it, or, a cell of a shaded row, beside it
 * edge to edge at its height (a lone shaded row of a short table; a narrow figure in its padded
 * cell looked like a banner). A sidebar or banner stands alone.
 */
function striped(b: Box, shapes: Box[]): boolean {
  return shapes.some((o) => {
    if (o === b) return false;
    // Cells of one row: shapes of one height on one line, side by side, edge to edge.
    const sideBySide = Math.abs(o.y - b.y) <= EDGE && Math.abs(o.height - b.height) <= EDGE && Math.min(Math.abs(o.x - (b.x + b.width)), Math.abs(b.x - (o.x + o.width))) <= EDGE;
    if (sideBySide) return true;
    if (Math.abs(o.x - b.x) > EDGE || Math.abs(o.width - b.width) > EDGE) return false;
    const low = Math.min(b.height, o.height);
    const gap = Math.max(o.y - (b.y + b.height), b.y - (o.y + o.height));
    // Rows of one table: heights alike, a row's height apart at most.
    return Math.max(b.height, o.height) <= STRIPE_HEIGHT_RATIO * low && gap <= STRIPE_GAP_ROWS * low && gap > -low / 2;
  });
}

/** A horizontal rule that is the top or bottom edge of a drawn shape. */
function shapeEdge(l: { y: number; x0: number; x1: number }, shapes: Box[]): boolean {
  return shapes.some((b) => (Math.abs(l.y - b.y) <= EDGE || Math.abs(l.y - b.y - b.height) <= EDGE) && l.x0 >= b.x - EDGE && l.x1 <= b.x + b.width + EDGE);
}

/**
 * Boxes between two horizontal rules of the same extent, with no other rule between (pull quotes).
 * The edges of drawn boxes are not such rules: between two boxes of a column lies its text.
 */
function ruledPairs(s: PageState): Box[] {
  const shapes = s.input.shapes ?? [];
  const h = mergeLines(s.input.rules).h.filter((l) => !shapeEdge(l, shapes));
  const out: Box[] = [];
  for (let i = 0; i < h.length; i++) {
    const a = h[i];
    for (let j = i + 1; j < h.length; j++) {
      const b = h[j];
      if (b.y - a.y > MAX_QUOTE_HEIGHT_EM * s.body) break;
      if (b.x1 < a.x0 || b.x0 > a.x1) continue;
      if (Math.abs(a.x0 - b.x0) <= RULE_END_TOL && Math.abs(a.x1 - b.x1) <= RULE_END_TOL) out.push({ x: a.x0, y: a.y, width: a.x1 - a.x0, height: b.y - a.y });
      // The next rule across this one's extent closes the box, whether it matches or not.
      if (Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0) break;
    }
  }
  return out;
}

export function insetsStage(s: PageState): PageState {
  if (s.input.fromOcr) return s;
  const pageArea = s.input.width * s.input.height;
  // Pages of many shapes (forms, grids of framed cells) hold tables, not sidebars.
  const drawn = (s.input.shapes ?? []).length <= MAX_SHAPES ? (s.input.shapes ?? []) : [];
  const shapes = [...drawn.map((box) => ({ box, ruled: false, stacked: striped(box, drawn) })), ...ruledPairs(s).map((box) => ({ box, ruled: true, stacked: false }))]
    .filter(({ box }) => box.width * box.height < MAX_PAGE_SHARE * pageArea)
    // Smallest first: a box inside a bigger one is its own unit.
    .sort((a, b) => a.box.width * a.box.height - b.box.width * b.box.height);
  if (shapes.length === 0) return s;
  let items = s.items;
  const atoms = [...s.atoms];
  for (const { box, ruled, stacked } of shapes) {
    // A drawn figure (a large shape holding no text) is placed whole though it renders nothing:
    // the reading order must not cut columns through it, so a caption under a figure across the
    // columns is read after the columns above, not inside the left one.
    if (!ruled && !stacked && isDrawnFigure(items, atoms, box, s)) {
      atoms.push({ box, blocks: [] });
      continue;
    }
    const inside = setApart(items, box, s.body, ruled, stacked);
    if (!inside) continue;
    const set = new Set(inside);
    items = items.filter((it) => !set.has(it));
    const parts: Block[] = [];
    for (const b of assembleTableBlocks(orderRegion(inside, gutterMin(s)))) parts.push(...regionBlocks(b, atoms, s));
    atoms.push({ box, blocks: parts.map((p) => ({ ...p, aside: true })) });
  }
  return { ...s, items, atoms };
}
