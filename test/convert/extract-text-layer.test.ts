// The text-layer extraction on PDFs generated with pdf-lib: runs with styles in top-left
// coordinates, ruling lines, images, links, and the usable-text-layer decision.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, PDFName, PDFString, StandardFonts, degrees, rgb } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { extractPageLayout, usableTextLayer } from '../../src/convert/pdf/extract.js';
import { closePdf, openPdf } from '../../src/convert/pdf/open.js';
import type { PageLayoutInput } from '../../src/convert/layout/types.js';
import { createLayoutContext, layoutPageToMarkdown } from '../../src/convert/layout/index.js';

async function firstPageLayout(bytes: Uint8Array): Promise<PageLayoutInput> {
  const doc = await getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    return await extractPageLayout(await doc.getPage(1), 0);
  } finally {
    await doc.destroy();
  }
}

async function samplePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  page.drawText('Quarterly Results', { x: 72, y: 700, size: 20, font: bold });
  const sentence = 'Revenue grew in every region this quarter, see the website for details.';
  page.drawText(sentence, { x: 72, y: 660, size: 10, font: regular });
  const linkX0 = 72 + regular.widthOfTextAtSize(sentence.slice(0, sentence.indexOf('website')), 10);
  const linkX1 = linkX0 + regular.widthOfTextAtSize('website', 10);
  page.drawText('print(total)', { x: 72, y: 640, size: 10, font: mono });
  page.drawLine({ start: { x: 72, y: 600 }, end: { x: 400, y: 600 }, thickness: 1, color: rgb(0, 0, 0) });
  // A link annotation over "website".
  const link = pdf.context.obj({
    Type: 'Annot', Subtype: 'Link', Rect: [linkX0, 656, linkX1, 670], Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: PDFString.of('https://example.org/report') },
  });
  page.node.set(PDFName.of('Annots'), pdf.context.obj([pdf.context.register(link)]));
  return pdf.save();
}

test('extract: runs carry top-left coordinates, bold and monospace styles, and links', async () => {
  const input = await firstPageLayout(await samplePdf());
  assert.equal(input.width, 612);
  assert.equal(input.height, 792);
  const title = input.runs.find((r) => r.text.includes('Quarterly'));
  assert.ok(title);
  assert.ok(title.bold);
  assert.ok(Math.abs(title.fontSize - 20) < 0.1);
  // Baseline at PDF y=700 → 92 from the top.
  assert.ok(Math.abs((title.baseline ?? 0) - 92) < 0.5);
  assert.ok(title.y < 92 && title.y > 70);
  const code = input.runs.find((r) => r.text.includes('print'));
  assert.ok(code?.monospace);
  const body = input.runs.find((r) => r.text.includes('Revenue'));
  assert.equal(body?.bold, false);
  assert.equal(body?.link, undefined);
  const linked = input.runs.find((r) => r.link);
  assert.equal(linked?.text.trim(), 'website');
  assert.equal(linked?.link, 'https://example.org/report');
  const rule = input.rules.find((r) => Math.abs(r.y0 - 192) < 1 && Math.abs(r.y1 - 192) < 1);
  assert.ok(rule, JSON.stringify(input.rules));
  assert.ok(usableTextLayer(input));
});

test('extract: the page goes through the layout stage to Markdown', async () => {
  const input = await firstPageLayout(await samplePdf());
  const md = layoutPageToMarkdown(input, createLayoutContext());
  assert.match(md, /^# Quarterly Results/m);
  assert.match(md, /```\nprint\(total\)\n```/);
  assert.match(md, /see the \[website\]\(https:\/\/example\.org\/report\) for details\./);
});

test('usable text layer: a few stamps or garbage do not count', () => {
  const base = { index: 0, width: 612, height: 792, rules: [], images: [], fromOcr: false };
  const run = (text: string) => ({ text, x: 10, y: 10, width: 50, height: 10, fontSize: 10, bold: false, italic: false, monospace: false });
  assert.equal(usableTextLayer({ ...base, runs: [run('12')] }), false);
  assert.equal(usableTextLayer({ ...base, runs: [run('~~~ ### @@@ %%% ^^^ &&& *** !!!')] }), false);
  assert.equal(usableTextLayer({ ...base, runs: [run('This page has a real sentence of text on it.')] }), true);
  // A full-page scan with a short invisible layer: OCR it instead.
  const scan = { ...base, images: [{ x: 0, y: 0, width: 612, height: 792 }] };
  assert.equal(usableTextLayer({ ...scan, runs: [run('A short caption only.')] }), false);
});

test('extract: prose pages skip the operator list unless asked for full detail, whatever was read before', async () => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  for (let p = 0; p < 2; p++) {
    const page = pdf.addPage([612, 792]);
    for (let i = 0; i < 12; i++) page.drawText(`Line ${i} of plain prose on page ${p + 1}, long enough to make this a page of text.`, { x: 72, y: 700 - i * 14, size: 10, font });
    page.drawLine({ start: { x: 72, y: 500 }, end: { x: 400, y: 500 }, thickness: 1 });
  }
  const bytes = await pdf.save();
  const open = () => getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const doc = await open();
  const fresh = await open();
  try {
    // A worker meeting the font for the first time reads as one that has seen it (the pool may
    // give any page to any worker: the output must not depend on which).
    const first = await extractPageLayout(await doc.getPage(1), 0);
    const second = await extractPageLayout(await doc.getPage(2), 1);
    const secondFirst = await extractPageLayout(await fresh.getPage(2), 1);
    assert.equal(first.rules.length, 0, 'prose: text only');
    assert.deepEqual(secondFirst, second);
    assert.ok(first.runs.length > 0 && first.runs.every((r) => r.fontName), 'fonts are known on the first reading too');
    const full = await extractPageLayout(await doc.getPage(2), 1, { detail: 'full' });
    assert.equal(full.rules.length, 1);
    assert.equal(second.runs.length, full.runs.length);
  } finally {
    await doc.destroy();
    await fresh.destroy();
  }
});

test('oblique type (a sheared font) is horizontal italic text, not rotated text left out of the flow', async () => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('Credit Derivatives Markets', { x: 72, y: 700, size: 12, font, ySkew: degrees(18) });
  page.drawText('The body of the section follows the heading on this line.', { x: 72, y: 680, size: 11, font });
  page.drawText('Side stamp', { x: 30, y: 400, size: 9, font, rotate: degrees(90) });
  const input = await firstPageLayout(await pdf.save());
  const heading = input.runs.find((r) => r.text.startsWith('Credit'))!;
  assert.equal(heading.rotated, undefined);
  assert.equal(heading.italic, true);
  assert.ok(Math.abs(heading.fontSize - 12) < 0.1, String(heading.fontSize));
  assert.equal(input.runs.find((r) => r.text === 'Side stamp')!.rotated, true);
  assert.match(layoutPageToMarkdown(input, createLayoutContext()), /Credit Derivatives Markets/);
});

test('extract: a sidebar set between body lines sends a prose page to the full reading, its frame and fill reach the layout as shapes', async () => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const line = 'The council met in the spring and the report on the towns was read to all.';
  for (let i = 0; i < 12; i++) page.drawText(line, { x: 72, y: 720 - i * 12.5, size: 10, font: regular });
  // A framed, shaded sidebar in small print, then the body again.
  page.drawRectangle({ x: 72, y: 520, width: 300, height: 50, borderWidth: 0.8, borderColor: rgb(0.3, 0.3, 0.3), color: rgb(0.9, 0.92, 0.95) });
  page.drawText('Key facts', { x: 78, y: 556, size: 10, font: bold });
  page.drawText('Small print about the towns and their mayors sits here', { x: 78, y: 542, size: 8, font: regular });
  page.drawText('and goes on for a second line in the box.', { x: 78, y: 531, size: 8, font: regular });
  for (let i = 0; i < 12; i++) page.drawText(line, { x: 72, y: 500 - i * 12.5, size: 10, font: regular });
  // A shaded strip with no border.
  page.drawRectangle({ x: 72, y: 300, width: 400, height: 20, color: rgb(0.9, 0.9, 0.9) });
  const input = await firstPageLayout(await pdf.save());
  const shapes = (input.shapes ?? []).map((s) => ({ kind: s.kind, x: Math.round(s.x), y: Math.round(s.y), w: Math.round(s.width), h: Math.round(s.height) }));
  assert.deepEqual(shapes, [
    { kind: 'frame', x: 72, y: 222, w: 300, h: 50 },
    { kind: 'fill', x: 72, y: 472, w: 400, h: 20 },
  ]);
});

test('extract: a standard-14 font set without its metrics (Times, not embedded) gets boxes a line tall, not half', async () => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const times = await pdf.embedFont(StandardFonts.TimesRoman);
  page.drawText('A line of body text set in Times.', { x: 72, y: 700, size: 10, font: times });
  // The pipeline's opening (with the standard font data), where pdf.js reports NaN metrics.
  const doc = await openPdf(await pdf.save());
  try {
    const input = await extractPageLayout(await doc.getPage(1), 0);
    assert.ok(input.runs.length > 0);
    for (const r of input.runs) {
      assert.ok(r.height >= 0.9 * r.fontSize && r.height <= 1.1 * r.fontSize, `box ${r.height} pt for ${r.fontSize} pt type`);
      assert.ok(Math.abs(r.baseline! - r.y - 0.8 * r.fontSize) < 0.5, `baseline ${r.baseline} at 0.8 em under the top ${r.y}`);
    }
  } finally {
    await closePdf(doc);
  }
});
