// List marks that Tesseract's page segmentation left out (issue 9: lists, no lost text). A bullet
// is a dot, an item's number a narrow column of marks apart from the text: its layout analysis
// takes both for noise, so on a scan the items of a list came out as plain lines ("1." "2." over
// each other read as one line, "3." as "oS)", or nothing at all), their marks lost. What it left
// is still ink just left of each line it read: a solid disc there is a bullet; other small marks
// are cut out and read again with the lost lines (ocr/index.ts readLostLines), and count only
// when they read as a list's label.
import type { TextRun } from '../layout/types.js';
import type { GrayImage } from '../pdf/render.js';
import { cutInk, type LostLine, type UnreadInk } from './lost-lines.js';

/** Where a mark may stand: up to this many ems left of its line's first word… */
const MARK_REACH_EM = 3.5;
/** …and at least this far from it (a list sets its marks half an em or more apart; nearer is the word's own first letter, its box read short). */
const MARK_GAP_EM = 0.4;
/** A mark's pieces closer than this (ems) are one mark ("1" and its "."). */
const MARK_PIECE_GAP_EM = 0.45;
/** A mark has this much paper (ems) left of it: else it is the end of an unread word. */
const MARK_CLEAR_EM = 0.5;
/** A bullet is a disc this wide and tall (ems), about as wide as tall, mostly ink (a speck of grain is smaller). */
const BULLET_MIN_EM = 0.25;
const BULLET_MAX_EM = 0.75;
const BULLET_MAX_ASPECT = 1.35;
const BULLET_MIN_FILL = 0.6;
/** Other marks ("12.", "b)") are at most this wide and between these heights (ems). */
const LABEL_MAX_WIDTH_EM = 2.5;
const LABEL_MIN_HEIGHT_EM = 0.4;
const LABEL_MAX_HEIGHT_EM = 1.3;
/** Marks of one list share their left edge within this (ems); a lone mark is a speck, not a list. */
const ALIGN_EM = 0.5;
/** At most this many marks are cut out per page to be read again. */
const MAX_LOST_MARKS = 40;

/** A list's label as read alone: "1." "12)" "a." "(iv)" "B)". */
export const LIST_LABEL = /^(?:\d{1,3}[.)]|[a-zA-Z][.)]|[ivxIVX]{1,5}[.)]|\(\w{1,4}\))$/;

interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

export interface LostMarks {
  /** Bullets found in the pixels, as runs of "•" on their lines. */
  bullets: TextRun[];
  /** Other marks cut out to be read again. */
  labels: LostLine[];
}

/**
 * Read runs that begin a line: no read word just left of them on their rows. Runs are looked at
 * in order of their tops, each against those whose tops lie within the tallest run's height of
 * its own (a dense page's thousands of words are not compared all with all).
 */
function lineStarts(runs: TextRun[], em: number): TextRun[] {
  const byTop = runs.slice().sort((a, b) => a.y - b.y);
  const tallest = runs.reduce((m, r) => Math.max(m, r.height), 0);
  const out: TextRun[] = [];
  let from = 0;
  for (const r of byTop) {
    if (!/\p{L}{2}/u.test(r.text)) continue;
    const mid = r.y + r.height / 2;
    while (from < byTop.length && byTop[from].y < mid - tallest) from++;
    let started = true;
    for (let k = from; k < byTop.length && byTop[k].y < mid; k++) {
      const o = byTop[k];
      if (o !== r && o.y + o.height > mid && o.x + o.width <= r.x + 1 && r.x - (o.x + o.width) < MARK_REACH_EM * em * 2) {
        started = false;
        break;
      }
    }
    if (started) out.push(r);
  }
  return out;
}

/** The inked box of a region's rightmost piece of unread ink, or null when it has none or is no lone mark. */
function markBox(page: UnreadInk, w: number, region: Box): Box | null {
  const { ink, em } = page;
  const cols = new Uint16Array(region.x1 - region.x0);
  for (let y = region.y0; y < region.y1; y++) for (let x = region.x0, i = y * w + x; x < region.x1; x++, i++) cols[x - region.x0] += ink[i];
  let x1 = -1;
  for (let x = cols.length - 1; x >= 0; x--) if (cols[x] > 0) { x1 = x; break; }
  if (x1 < 0) return null;
  let x0 = x1;
  let blank = 0;
  for (let x = x1 - 1; x >= 0; x--) {
    if (cols[x] > 0) {
      x0 = x;
      blank = 0;
    } else if (++blank > MARK_PIECE_GAP_EM * em) break;
  }
  // Paper to its left (or the region's edge at the page's): a mark, not a word's last letters.
  for (let x = Math.max(0, x0 - Math.round(MARK_CLEAR_EM * em)); x < x0; x++) if (cols[x] > 0) return null;
  if (x0 < Math.round(MARK_CLEAR_EM * em) && region.x0 > 0) return null;
  let y0 = region.y1;
  let y1 = region.y0;
  for (let y = region.y0; y < region.y1; y++) {
    for (let x = region.x0 + x0, i = y * w + x; x <= region.x0 + x1; x++, i++) {
      if (!ink[i]) continue;
      y0 = Math.min(y0, y);
      y1 = y + 1;
      break;
    }
  }
  return { x0: region.x0 + x0, x1: region.x0 + x1 + 1, y0, y1 };
}

function inkShare(page: UnreadInk, w: number, b: Box): number {
  let n = 0;
  for (let y = b.y0; y < b.y1; y++) for (let i = y * w + b.x0, end = y * w + b.x1; i < end; i++) n += page.ink[i];
  return n / ((b.x1 - b.x0) * (b.y1 - b.y0));
}

/** The marks left of the read lines of a page (pixels → points), from its unread ink. */
export function lostMarks(img: GrayImage, runs: TextRun[], page: UnreadInk): LostMarks {
  const { width: w, height: h, pointsPerPixel: ppp } = img;
  const { em } = page;
  const found: Array<{ box: Box; line: TextRun; bullet: boolean }> = [];
  for (const r of lineStarts(runs, em * ppp)) {
    const top = Math.max(0, Math.floor(r.y / ppp));
    const bottom = Math.min(h, Math.ceil((r.y + r.height) / ppp));
    const right = Math.floor(r.x / ppp - MARK_GAP_EM * em);
    const left = Math.max(0, Math.floor(r.x / ppp - MARK_REACH_EM * em));
    if (right - left < em || bottom - top < 0.5 * em) continue;
    const b = markBox(page, w, { x0: left, x1: right, y0: top, y1: bottom });
    if (!b) continue;
    const bw = (b.x1 - b.x0) / em;
    const bh = (b.y1 - b.y0) / em;
    const middle = (b.y0 + b.y1) / 2;
    if (bw >= BULLET_MIN_EM && bw <= BULLET_MAX_EM && bh >= BULLET_MIN_EM && bh <= BULLET_MAX_EM && bw / bh >= 1 / BULLET_MAX_ASPECT && bw / bh <= BULLET_MAX_ASPECT && inkShare(page, w, b) >= BULLET_MIN_FILL && middle > top + 0.25 * (bottom - top) && middle < bottom - 0.1 * (bottom - top)) {
      found.push({ box: b, line: r, bullet: true });
    } else if (bw <= LABEL_MAX_WIDTH_EM && bh >= LABEL_MIN_HEIGHT_EM && bh <= LABEL_MAX_HEIGHT_EM) {
      found.push({ box: b, line: r, bullet: false });
    }
  }
  // A list has marks of one kind at one left edge (numbers right-aligned: "9." and "10." end
  // together): a lone disc is a speck, or a small digit read as one (a footnote's number).
  const aligned = found.filter((m) => found.some((o) => o !== m && o.bullet === m.bullet && (Math.abs(o.box.x0 - m.box.x0) <= ALIGN_EM * em || Math.abs(o.box.x1 - m.box.x1) <= ALIGN_EM * em)));
  const bullets = aligned.filter((m) => m.bullet).map(({ box: b, line: r }): TextRun => ({ text: '•', x: b.x0 * ppp, y: r.y, width: (b.x1 - b.x0) * ppp, height: r.height, fontSize: r.fontSize, bold: false, italic: false, monospace: false, confidence: 90 }));
  const labels = aligned.filter((m) => !m.bullet).slice(0, MAX_LOST_MARKS).map((m) => cutInk(img, page, m.box));
  return { bullets, labels };
}
