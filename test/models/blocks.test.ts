// formats=blocks through the GPU adapters (DECISIONS §8), against the wire-faithful stubs: each
// server's boxes (MinerU 0–1000, DocTags 0–499, PaddleX render pixels) scaled to the page in
// points, its types mapped onto ours, furniture kept as blocks but out of the page's Markdown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { startMineruStub, startPaddlexStub, startVllmStub, fakeParser } from './stubs/index.js';
import { fastGateway, recorder } from './helpers.js';
import type { PageBlocks } from '../../src/models/types.js';

async function letterPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
  return doc.save({ useObjectStreams: false });
}

function contentMarkdown(page: PageBlocks): string {
  return page.blocks.filter((b) => b.type !== 'page_header' && b.type !== 'page_footer').map((b) => b.markdown).join('\n\n');
}

test('mineru: content_list boxes on the 0–1000 grid become points, types mapped, the Markdown is the body blocks joined', async (t) => {
  const stub = await startMineruStub();
  t.after(() => stub.close());
  const gw = fastGateway({ mineruUrl: stub.url });
  const out = await gw.convert('mineru-2.5', { bytes: await letterPdf(2), mediaType: 'application/pdf', pages: 2 }, recorder({ blocks: true }).opts);
  const page = out.layout![0]!;
  assert.equal(page.width, 612);
  assert.equal(page.height, 792);
  assert.deepEqual(page.blocks[0], { type: 'heading', bbox: [61.2, 39.6, 550.8, 71.28], markdown: '# Annual Report', level: 1 });
  assert.deepEqual(page.blocks.map((b) => b.type), ['heading', 'paragraph', 'table', 'formula', 'figure', 'page_header', 'page_footer']);
  assert.equal(contentMarkdown(page), out.pages[0]);
  // Without formats=blocks the adapter reads no page sizes and returns no layout.
  assert.equal((await gw.convert('mineru-2.5', { bytes: await letterPdf(2), mediaType: 'application/pdf', pages: 2 }, recorder().opts)).layout, undefined);
  await gw.close();
});

test('granite-docling: <loc_…> boxes on the 0–499 grid over the 144 dpi render become points', async (t) => {
  const stub = await startVllmStub();
  t.after(() => stub.close());
  // A 1224 × 1584 px render at 144 dpi is a 612 × 792 pt page.
  const png = await sharp({ create: { width: 1224, height: 1584, channels: 3, background: '#fff' } }).png().toBuffer();
  const parser = fakeParser({ async *renderPagesToPng() { yield { index: 0, png: new Uint8Array(png) }; } });
  const gw = fastGateway({ graniteDoclingUrl: stub.url }, { parser });
  const out = await gw.convert('granite-docling', { bytes: await letterPdf(1), mediaType: 'application/pdf', pages: 1 }, recorder({ blocks: true }).opts);
  const page = out.layout![0]!;
  assert.deepEqual([page.width, page.height], [612, 792]);
  const heading = page.blocks.find((b) => b.type === 'heading')!;
  assert.equal(heading.level, 2);
  assert.deepEqual(heading.bbox, [50.18, 47.52, 367.2, 71.28]);
  assert.deepEqual(page.blocks.map((b) => b.type), ['page_header', 'heading', 'paragraph', 'table', 'formula', 'page_footer']);
  assert.equal(contentMarkdown(page), out.pages[0]);
  await gw.close();
});

test('paddleocr-vl: parsing_res_list boxes in render pixels become points, labels mapped', async (t) => {
  const stub = await startPaddlexStub({
    parsingResList: () => [
      { block_label: 'doc_title', block_content: 'Rapport', block_bbox: [122.4, 79.2, 612, 118.8], block_id: 0, block_order: 1 },
      { block_label: 'text', block_content: 'Texte du paragraphe.', block_bbox: [122.4, 158.4, 1101.6, 316.8], block_id: 1, block_order: 2 },
      { block_label: 'number', block_content: '1', block_bbox: [600, 1500, 624, 1530], block_id: 2, block_order: null },
    ],
  });
  t.after(() => stub.close());
  const gw = fastGateway({ paddleocrVlUrl: stub.url });
  const out = await gw.convert('paddleocr-vl', { bytes: await letterPdf(1), mediaType: 'application/pdf', pages: 1 }, recorder({ blocks: true }).opts);
  const page = out.layout![0]!;
  assert.deepEqual([page.width, page.height], [612, 792]);
  assert.deepEqual(page.blocks, [
    { type: 'heading', bbox: [61.2, 39.6, 306, 59.4], markdown: '# Rapport', level: 1 },
    { type: 'paragraph', bbox: [61.2, 79.2, 550.8, 158.4], markdown: 'Texte du paragraphe.' },
    { type: 'page_footer', bbox: [300, 750, 312, 765], markdown: '1' },
  ]);
  await gw.close();
});
