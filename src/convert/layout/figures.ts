// Figures: a large image with no text on it is a figure; one with text over it is a background (a
// card, a banner): what lies on it is read as one region, so a grid of cards reads card by card.
import { IMAGE_MIN_PAGE_SHARE } from './limits.js';
import { orderRegion, type Item } from './regions.js';
import { assembleTableBlocks } from './table-blocks.js';
import { regionBlocks } from './flow.js';
import { boxBBox, gutterMin, type PageState } from './page-state.js';
import type { Block } from '../model.js';
import type { Box } from './types.js';

/** Whether `im` is a picture whose lettering was read by OCR (the same placement). */
function readPicture(s: PageState, im: Box): boolean {
  return (s.input.readPictures ?? []).some((b) => b.x === im.x && b.y === im.y && b.width === im.width && b.height === im.height);
}

export function figuresStage(s: PageState): PageState {
  const pageArea = s.input.width * s.input.height;
  let items = s.items;
  const atoms = [...s.atoms];
  const backgrounds = s.input.images
    .filter((im) => im.width * im.height >= IMAGE_MIN_PAGE_SHARE * pageArea && im.width * im.height < 0.85 * pageArea)
    .sort((a, b) => a.width * a.height - b.width * b.height);
  for (const im of backgrounds) {
    const inside = (it: Item): boolean => {
      const cx = (it.x0 + it.x1) / 2;
      const cy = (it.top + it.bottom) / 2;
      return cx > im.x && cx < im.x + im.width && cy > im.y && cy < im.y + im.height;
    };
    const on = items.filter((it) => it.seg && inside(it));
    if (on.length > 0 && readPicture(s, im)) {
      // Lettering read from the picture itself: the figure, then its words as plain lines.
      const set = new Set(on);
      items = items.filter((it) => !set.has(it));
      const figure: Block = { type: 'figure', bbox: boxBBox(im), lines: [] };
      const words = regionBlocks({ kind: 'flow', items: on }, atoms, s).map((b) => (b.source ? { ...b, picture: true } : b));
      atoms.push({ box: im, blocks: [figure, ...words] });
      continue;
    }
    if (on.length === 0) {
      atoms.push({ box: im, blocks: [{ type: 'figure', bbox: boxBBox(im), lines: [] }] });
      continue;
    }
    if (on.length < 2 || im.width * im.height > 0.5 * pageArea) continue;
    const set = new Set(on);
    items = items.filter((it) => !set.has(it));
    const parts: Block[] = [];
    for (const b of assembleTableBlocks(orderRegion(on, gutterMin(s)))) parts.push(...regionBlocks(b, atoms, s));
    atoms.push({ box: im, blocks: parts });
  }
  return { ...s, items, atoms };
}
