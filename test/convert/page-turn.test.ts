// Text set sideways or upside down in the page content (a landscape table on a portrait page):
// the page is read in the text's own frame, so none of its text is lost as "rotated" (issue 9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { firstPageMarkdown } from '../helpers/pdf-page.js';
import { baselineDirection, pageTurn } from '../../src/convert/pdf/page-turn.js';

const markdownOf = firstPageMarkdown;

const LINES = [
  'Table 4. Household spending by region, 2019 to 2021',
  'The figures below are in thousands of euros at current prices.',
  'Northern region spent more on housing than in any year before.',
  'Southern region spending on transport fell for the second year.',
];

/** A portrait page whose lines are drawn turned by `angle` degrees around the page centre. */
async function turnedPage(angle: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const rad = (angle * Math.PI) / 180;
  const [cx, cy] = [306, 396];
  LINES.forEach((text, i) => {
    // Line i of an upright page at (-250, 150 - 24 i) from the centre, turned with the text.
    const [ux, uy] = [-250, 150 - 24 * i];
    const x = cx + ux * Math.cos(rad) - uy * Math.sin(rad);
    const y = cy + ux * Math.sin(rad) + uy * Math.cos(rad);
    page.drawText(text, { x, y, size: i === 0 ? 12 : 10, font, rotate: degrees(angle) });
  });
  // A small upright folio stays what it is.
  page.drawText('17', { x: 300, y: 40, size: 9, font });
  return pdf.save();
}

for (const angle of [90, 270, 180]) {
  test(`page turn: lines drawn turned ${angle}° read in order, none lost`, async () => {
    const md = await markdownOf(await turnedPage(angle));
    let at = -1;
    for (const line of LINES) {
      const i = md.indexOf(line.slice(-30));
      assert.ok(i > at, `${line}\n---\n${md}`);
      at = i;
    }
  });
}

test('page turn: an upright page with a sideways stamp is not turned', () => {
  const base: [number, number, number, number, number, number] = [1, 0, 0, -1, 0, 792];
  const items = [
    { str: 'Body text of an upright page, long enough to hold most of its characters.', transform: [10, 0, 0, 10, 72, 700] },
    { str: 'Downloaded from example.org', transform: [0, 9, -9, 0, 30, 300] },
  ];
  assert.equal(pageTurn(items, base, 612, 792), null);
  assert.equal(baselineDirection([0, -9, 9, 0]), 1);
  assert.equal(baselineDirection([-9, 0, 0, 9]), 2);
  assert.equal(baselineDirection([6, 6, -6, 6]), -1);
  // Mostly turned text turns the page: width and height swap for a quarter turn.
  const turned = pageTurn([{ str: items[0].str, transform: [0, 10, -10, 0, 100, 100] }], base, 612, 792);
  assert.deepEqual([turned?.width, turned?.height], [792, 612]);
});
