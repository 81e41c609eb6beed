// A sentence cut by a page break, over real HTTP with the real built-in parser (issue 9): each
// page's Markdown keeps its half as printed (DECISIONS §8), the document's Markdown (sync and
// async, JSON and text) joins them, and the block of the second half is marked `continues`.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { STORE_KINDS, convert, local, readSse, sharedService } from '../jobs/harness.js';
import { testConfig } from '../jobs/fakes.js';
import { createModelGateway } from '../../src/models/gateway.js';
import { shutdownConvertPool } from '../../src/convert/index.js';

const j = (r: Response): Promise<any> => r.json();

after(async () => {
  await shutdownConvertPool();
});

const FIRST = ['Harbour pilots guide large ships through narrow channels and shallow water every single', 'day of the year, and the sentence that describes their long working day runs on past the'];
const SECOND = ['bottom of the first page into the second, where it finally comes to an end.', 'Tugboats wait beside the quay for the next arrival.'];

/** Three pages: a sentence runs from the foot of page 1 into page 2; page 3 opens in lower case after a closed sentence. */
async function runOnPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = (lines: string[], top: number) => {
    const p = doc.addPage([612, 792]);
    lines.forEach((l, i) => p.drawText(l, { x: 72, y: 792 - top - 14 * i, size: 11, font }));
  };
  page(['Pilots at work', '', ...FIRST], 640);
  page(SECOND, 72);
  page(['lower case opening after a closed sentence stays a paragraph of its own.'], 72);
  return doc.save();
}

for (const kind of STORE_KINDS) {
  describe(`paragraphs continued over a page break (${kind})`, () => {
    const svc = sharedService(kind, { gateway: createModelGateway(testConfig(), { probeInBackground: false }) });

    test('sync: pages as printed, the document joined, the second half marked continues', async () => {
      const h = svc();
      const { key } = await h.account('starter');
      const pdf = await runOnPdf();
      const res = await convert(h, key, pdf, { model: 'builtin', formats: 'md,json,blocks' });
      assert.equal(res.status, 200, await res.clone().text());
      const body = await j(res);
      assert.match(body.pages[0].markdown, /runs on past the$/);
      assert.match(body.pages[1].markdown, /^bottom of the first page/);
      assert.match(body.markdown, /runs on past the bottom of the first page into the second/);
      assert.match(body.markdown, /quay for the next arrival\.\n\nlower case opening/);
      const continued = body.pages.map((p: { blocks: Array<{ type: string; continues?: boolean }> }) => p.blocks.filter((b) => b.continues).map((b) => b.type));
      assert.deepEqual(continued, [[], ['paragraph'], []]);
      const text = await convert(h, key, pdf, { model: 'builtin', formats: 'md' });
      assert.equal(await text.text(), body.markdown);
      // Pages 1 and 3 selected: not adjacent, nothing joined.
      const some = await j(await convert(h, key, pdf, { model: 'builtin', pages: '1,3' }));
      assert.equal(some.markdown, some.pages.map((p: { markdown: string }) => p.markdown).join('\n\n'));
    });

    test('async: the stored result carries the joined document', async () => {
      const h = svc();
      const { key } = await h.account('starter');
      const res = await convert(h, key, await runOnPdf(), { model: 'builtin', prefer: 'async' });
      assert.equal(res.status, 202);
      const job = await j(res);
      const sse = await readSse(local(h, job.links.events), key, { timeoutMs: 60_000 });
      const completed = sse.events.find((e) => e.event === 'completed')!.data;
      const result = await j(await fetch(local(h, completed.json_url)));
      assert.match(result.markdown, /runs on past the bottom of the first page/);
      assert.match(result.pages[0].markdown, /runs on past the$/);
    });
  });
}
