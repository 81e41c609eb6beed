// Paragraphs continued over a page break (issue 9): the document pass marks the second half, each
// page's Markdown keeps its half as printed (DECISIONS §8), and the document's Markdown joins them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { markContinuedParagraphs } from '../../src/convert/layout/paragraph-pages.js';
import { documentMarkdown } from '../../src/convert/markdown/document.js';
import { pageMarkdown, renderPage } from '../../src/convert/markdown/render.js';
import type { BBox, Block, PageModel } from '../../src/convert/model.js';

const piece = (text: string) => ({ text, bold: false, italic: false });
function para(text: string, bbox: BBox = [72, 100, 540, 140], size = 10, extra: Partial<Block> = {}): Block {
  return { type: 'paragraph', bbox, lines: [{ text, bbox }], inline: [[piece(text)]], size, bold: false, italic: false, ...extra };
}
const figure: Block = { type: 'figure', bbox: [72, 60, 540, 300], lines: [] };
const folio = (n: number): Block => ({ type: 'page_footer', bbox: [300, 760, 310, 770], text: String(n), lines: [{ text: String(n), bbox: [300, 760, 310, 770] }], folio: true });
const note: Block = { ...para('1 A note in small print.', [72, 700, 540, 720], 8), type: 'footnote' };
const pageOf = (...blocks: Block[]): PageModel => ({ width: 612, height: 792, blocks });
const marked = (pages: PageModel[]) => pages.map((p) => p.blocks.filter((b) => b.continues).map((b) => b.lines[0].text));
const docMarkdown = (pages: PageModel[]) => documentMarkdown(markContinuedParagraphs(pages).map(renderPage));

test('paragraph pages: a paragraph left open at the foot of a page goes on in the lower-case paragraph opening the next', () => {
  const pages = [pageOf(para('First words.'), para('The sentence runs over the'), note, folio(1)), pageOf(para('page break and ends here.'), para('Next one.'), folio(2))];
  const out = markContinuedParagraphs(pages);
  assert.deepEqual(marked(out), [[], ['page break and ends here.']]);
  // Each page reads as printed; the document joins the sentence (the page's footnote follows it).
  const rendered = out.map(renderPage);
  assert.equal(pageMarkdown(rendered[0]), 'First words.\n\nThe sentence runs over the\n\n1 A note in small print.');
  assert.equal(pageMarkdown(rendered[1]), 'page break and ends here.\n\nNext one.');
  assert.equal(documentMarkdown(rendered), 'First words.\n\nThe sentence runs over the page break and ends here.\n\n1 A note in small print.\n\nNext one.');
});

test('paragraph pages: a figure at the top of the next page may stand between the halves', () => {
  const pages = [pageOf(para('Results are shown for each')), pageOf(figure, para('region in the figure above.'))];
  assert.deepEqual(marked(markContinuedParagraphs(pages)), [[], ['region in the figure above.']]);
});

test('paragraph pages: a sidebar (its blocks together) at the foot of the page may stand between the halves', () => {
  const sidebar = [
    { ...para('Key facts', [80, 600, 300, 612]), type: 'heading' as const, level: 3, bold: true, aside: true },
    para('Small print in the box.', [80, 615, 300, 640], 8, { aside: true }),
    para('More of it, a second paragraph', [80, 645, 300, 670], 8, { aside: true }),
    para('and a third one in the box.', [80, 672, 300, 690], 8, { aside: true }),
  ];
  const pages = [pageOf(para('Results are shown for each'), ...sidebar), pageOf(para('region in the table below.'))];
  assert.deepEqual(marked(markContinuedParagraphs(pages)), [[], ['region in the table below.']]);
});

test('paragraph pages: a word broken at the page end closes up; a compound the pages print whole keeps its hyphen', () => {
  assert.equal(docMarkdown([pageOf(para('The results were inter-')), pageOf(para('preted with care.'))]), 'The results were interpreted with care.');
  assert.equal(docMarkdown([pageOf(para('A well-known case and a well-')), pageOf(para('known result.'))]), 'A well-known case and a well-known result.');
});

test('paragraph pages: a paragraph spanning three pages is one paragraph in the document', () => {
  const pages = [pageOf(para('It began on the first')), pageOf(para('page, filled the whole second')), pageOf(para('page and ended on the third.'))];
  assert.equal(docMarkdown(pages), 'It began on the first page, filled the whole second page and ended on the third.');
});

test('paragraph pages: closed sentences, capitals, other sizes, headings, lists and skipped pages are not joined', () => {
  const cases: Array<[PageModel[], number[]?]> = [
    [[pageOf(para('The sentence ends here.')), pageOf(para('and yet this starts lower.'))]],
    [[pageOf(para('A list follows:')), pageOf(para('items below'))]],
    [[pageOf(para('Open at the end')), pageOf(para('New paragraph in capitals.'))]],
    [[pageOf(para('Open at the end')), pageOf(para('but set in small print.', undefined, 7))]],
    [[pageOf(para('Open at the end')), pageOf({ ...para('lower-case heading'), type: 'heading', level: 2 })]],
    [[pageOf(para('Open at the end')), pageOf({ ...para('an item'), type: 'list_item', depth: 0, marker: '-' })]],
    [[pageOf(para('Open at the end', undefined, 10, { bold: true })), pageOf(para('goes on in bold'))]],
    // A page selection that skips page 2: pages 1 and 3 are not adjacent.
    [[pageOf(para('Open at the end')), pageOf(para('goes on after a skipped page.'))], [0, 2]],
  ];
  for (const [pages, indexes] of cases) {
    const out = markContinuedParagraphs(pages, indexes);
    assert.deepEqual(marked(out), [[], []], pages[1].blocks[0].lines[0].text);
    assert.equal(out[1], pages[1]);
    assert.equal(documentMarkdown(out.map(renderPage)), out.map(renderPage).map(pageMarkdown).join('\n\n'));
  }
});
