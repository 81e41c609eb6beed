// The document's Markdown (spec: ConvertResult.markdown, "full document Markdown"): the pages'
// Markdown joined by blank lines, except that a paragraph continued from the previous page
// (`continues`, layout/paragraph-pages.ts) joins the paragraph it continues, so a sentence cut by
// a page break reads whole there. Each page's own Markdown keeps its half as printed (DECISIONS §8);
// a document without such paragraphs gets exactly its pages joined.
import { isFurniture, type RenderedBlock, type RenderedPage } from '../model.js';
import { keepsLineEndHyphen, pageWords } from '../layout/hyphens.js';
import { joinedBlocksMarkdown } from './render.js';

/** The two halves of a sentence as one paragraph: a soft hyphen closes up, a compound's stays. */
function joinHalves(head: string, tail: string, lines: string[]): string {
  const h = head.trimEnd();
  const t = tail.trimStart();
  if (!/\p{L}-$/u.test(h)) return `${h} ${t}`;
  return keepsLineEndHyphen(h, t, pageWords(lines)) ? h + t : h.slice(0, -1) + t;
}

export function documentMarkdown(pages: readonly RenderedPage[]): string {
  const bodies = pages.map((p) => p.blocks.filter((b) => !isFurniture(b) && b.markdown.trim().length > 0));
  if (!bodies.some((blocks) => blocks.some((b) => b.continues && b.type === 'paragraph'))) return pages.map((p) => joinedBlocksMarkdown(p.blocks)).join('\n\n');
  // A paragraph moved into the one it continues: where its text now lives.
  const movedInto = new Map<RenderedBlock, RenderedBlock>();
  const out = bodies.map((blocks) => blocks.map((b) => ({ ...b })));
  for (let p = 1; p < out.length; p++) {
    const first = out[p].find((b) => b.type === 'paragraph');
    if (!first?.continues) continue;
    let target = [...out[p - 1]].reverse().find((b) => b.type === 'paragraph');
    if (!target) {
      // The previous page held only the middle of the paragraph: it went into the page before.
      const moved = bodies[p - 1].find((b) => b.type === 'paragraph');
      target = moved ? movedInto.get(moved) : undefined;
    }
    if (!target) continue;
    const lines = [...out[p - 1], ...out[p]].flatMap((b) => b.markdown.split('\n'));
    target.markdown = joinHalves(target.markdown, first.markdown, lines);
    movedInto.set(bodies[p][out[p].indexOf(first)], target);
    out[p] = out[p].filter((b) => b !== first);
  }
  // A page whose only text was the end of the paragraph adds no empty stretch.
  return out.filter((blocks, p) => blocks.length > 0 || bodies[p].length === 0).map(joinedBlocksMarkdown).join('\n\n');
}
