// Text that does not run left to right (a landscape figure's caption, an axis title, words along
// a curve) is kept after the body text instead of being lost (issue 9); stamps and folios stay out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { firstPageMarkdown } from '../helpers/pdf-page.js';

const markdownOf = firstPageMarkdown;

const BODY = [
  'The measurements in this section were taken over three winters at the northern station.',
  'Each series was corrected for drift before the averages below were computed.',
  'The figure beside this text shows the corrected series for every sensor we kept.',
];

test('sideways: a caption and an axis title set sideways are read after the body, a side stamp is not', async () => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  BODY.forEach((t, i) => page.drawText(t, { x: 72, y: 700 - 14 * i, size: 10, font }));
  page.drawText('Figure 3: Corrected temperature series', { x: 500, y: 300, size: 10, font, rotate: degrees(90) });
  page.drawText('Degrees Celsius', { x: 300, y: 200, size: 9, font, rotate: degrees(-90) });
  page.drawText('Downloaded from example.org on 3 May 2021', { x: 20, y: 200, size: 8, font, rotate: degrees(90) });
  const md = await markdownOf(await pdf.save());
  assert.match(md, /Figure 3: Corrected temperature series/, md);
  assert.match(md, /Degrees Celsius/, md);
  assert.doesNotMatch(md, /Downloaded/, md);
  assert.ok(md.indexOf('sensor we kept') < md.indexOf('Figure 3'), md);
});

test('sideways: words drawn glyph by glyph along a curve read as one line with its spaces', async () => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  BODY.forEach((t, i) => page.drawText(t, { x: 72, y: 700 - 14 * i, size: 10, font }));
  // Along a quarter circle, each glyph turned to the tangent; a space advances like a glyph.
  const text = 'round the bend';
  const [cx, cy, radius, size] = [300, 300, 120, 12];
  let arc = 0;
  for (const ch of text) {
    const w = font.widthOfTextAtSize(ch, size);
    const a = Math.PI - arc / radius;
    if (ch !== ' ') page.drawText(ch, { x: cx + radius * Math.cos(a), y: cy + radius * Math.sin(a), size, font, rotate: degrees((a * 180) / Math.PI - 90) });
    arc += w;
  }
  const md = await markdownOf(await pdf.save());
  assert.match(md, /round the bend/, md);
});
