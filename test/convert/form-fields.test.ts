// Filled PDF forms: field values and typed-on (FreeText) annotations are the user's text and must
// reach the Markdown (issue 9), next to their printed labels, once.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { firstPageMarkdown } from '../helpers/pdf-page.js';
import { parseDocument, probeDocument, shutdownConvertPool } from '../../src/convert/index.js';

after(async () => {
  await shutdownConvertPool();
});

const markdownOf = firstPageMarkdown;

test('form fields: text and choice values read after their labels, in the page order', async () => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('Membership application', { x: 72, y: 720, size: 16, font });
  page.drawText('Please complete every field of this form before signing it below.', { x: 72, y: 695, size: 11, font });
  const form = pdf.getForm();
  const rows: Array<[string, string, 'text' | 'choice']> = [
    ['Full name:', 'Jane Q. Applicant', 'text'],
    ['Street address:', '12 Orchard Lane, Springfield', 'text'],
    ['Country:', 'Peru', 'choice'],
  ];
  rows.forEach(([label, value, kind], i) => {
    const y = 660 - i * 30;
    page.drawText(label, { x: 72, y, size: 11, font });
    if (kind === 'text') {
      const f = form.createTextField(`f${i}`);
      f.setText(value);
      f.addToPage(page, { x: 180, y: y - 5, width: 250, height: 18 });
    } else {
      const f = form.createDropdown(`f${i}`);
      f.addOptions(['France', value]);
      f.select(value);
      f.addToPage(page, { x: 180, y: y - 5, width: 120, height: 18 });
    }
  });
  const md = await markdownOf(await pdf.save());
  for (const [label, value] of rows) assert.match(md, new RegExp(`${label} ${value}`), md);
  assert.ok(md.indexOf('Jane') < md.indexOf('Orchard') && md.indexOf('Orchard') < md.indexOf('Peru'), md);
});

test('form fields: an empty field adds nothing, a value already printed on the page is not doubled', async () => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('Claim form', { x: 72, y: 640, size: 16, font });
  page.drawText('Reference:', { x: 72, y: 600, size: 11, font });
  // A flattened copy of the value drawn in the page content, under a field that still holds it.
  page.drawText('AB-1234', { x: 182, y: 600, size: 11, font });
  const form = pdf.getForm();
  const ref = form.createTextField('ref');
  ref.setText('AB-1234');
  ref.addToPage(page, { x: 180, y: 595, width: 150, height: 18 });
  page.drawText('Notes:', { x: 72, y: 560, size: 11, font });
  form.createTextField('notes').addToPage(page, { x: 180, y: 555, width: 150, height: 18 });
  const md = await markdownOf(await pdf.save());
  assert.equal(md.match(/AB-1234/g)?.length, 1, md);
  assert.match(md, /Notes:/);
});

test('form fields: text typed onto a page as a FreeText annotation is read', async () => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('Signed at:', { x: 72, y: 700, size: 11, font });
  const note = pdf.context.obj({ Type: 'Annot', Subtype: 'FreeText', Rect: [200, 690, 400, 712], Contents: PDFString.of('Lyon, 3 March 2024'), DA: PDFString.of('/Helv 11 Tf 0 g') });
  page.node.set(PDFName.of('Annots'), pdf.context.obj([pdf.context.register(note)]));
  const md = await markdownOf(await pdf.save());
  assert.match(md, /Signed at: Lyon, 3 March 2024/, md);
});

test('form fields: a dense page of a form, read cheaply (fonts seen, prose), still gives its field values', async () => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const form = pdf.getForm();
  for (let p = 0; p < 2; p++) {
    const page = pdf.addPage([612, 792]);
    for (let i = 0; i < 30; i++) page.drawText(`Section ${p + 1}.${i + 1}: the applicant declares that the statements made on this page are true.`, { x: 72, y: 720 - 16 * i, size: 10, font });
    page.drawText('Signature of the applicant:', { x: 72, y: 200, size: 10, font });
    const f = form.createTextField(`sig${p}`);
    f.setText(p === 0 ? 'Jane Applicant' : 'John Witness');
    f.addToPage(page, { x: 220, y: 195, width: 200, height: 16 });
  }
  const doc = await parseDocument(await pdf.save(), { pageTimeoutS: 30 });
  assert.match(doc.pages[0], /Jane Applicant/);
  assert.match(doc.pages[1], /John Witness/, doc.pages[1]);
});

test('a short filled form converted as the service does (probe, then the parse from its reading) keeps its values', async () => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  // Enough prose that the page is not read in detail for its own sake: only the form asks for its annotations.
  for (let l = 0; l < 25; l++) page.drawText(`Line ${l + 1} of the terms of this agreement, printed in ordinary prose for the reader.`, { x: 72, y: 740 - l * 14, size: 10, font });
  page.drawText('Full name:', { x: 72, y: 300, size: 11, font });
  const field = pdf.getForm().createTextField('name');
  field.setText('Jane Q. Applicant');
  field.addToPage(page, { x: 180, y: 295, width: 250, height: 18 });
  const bytes = await pdf.save();
  const probedBytes = new Uint8Array(bytes);
  await probeDocument(probedBytes);
  const probed = await parseDocument(probedBytes, { pageTimeoutS: 30 });
  assert.match(probed.pages[0], /Full name: Jane Q\. Applicant/);
  assert.deepEqual(probed, await parseDocument(new Uint8Array(bytes), { pageTimeoutS: 30 }));
});
