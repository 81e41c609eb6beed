import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { sniffMediaType } from '../../src/convert/sniff.js';
import { ROBUSTNESS_DIR, textPdf } from './exec-fixtures.js';

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

test('recognises each supported format by its magic bytes', async () => {
  const img = sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } });
  assert.equal(sniffMediaType(await textPdf([['hello']])), 'application/pdf');
  assert.equal(sniffMediaType(await img.clone().png().toBuffer()), 'image/png');
  assert.equal(sniffMediaType(await img.clone().jpeg().toBuffer()), 'image/jpeg');
  assert.equal(sniffMediaType(await img.clone().tiff().toBuffer()), 'image/tiff');
  assert.equal(sniffMediaType(await img.clone().webp().toBuffer()), 'image/webp');
  assert.equal(sniffMediaType(bytes('MM\0*\0\0\0\b')), 'image/tiff');
  assert.equal(sniffMediaType(bytes('II+\0\b\0\0\0')), 'image/tiff');
});

test('finds a PDF header after junk and a PDF that starts with objects', () => {
  assert.equal(sniffMediaType(bytes('Some junk before the header\n\n%PDF-1.1\n1 0 obj')), 'application/pdf');
  assert.equal(sniffMediaType(readFileSync(`${ROBUSTNESS_DIR}/pdfjs__bug1606566.pdf`)), 'application/pdf');
  assert.equal(sniffMediaType(readFileSync(`${ROBUSTNESS_DIR}/pdfjs__issue6069.pdf`)), 'application/pdf');
});

test('answers null for empty, text, and other binary formats', () => {
  assert.equal(sniffMediaType(new Uint8Array(0)), null);
  assert.equal(sniffMediaType(bytes('hello world, this is plain text')), null);
  assert.equal(sniffMediaType(bytes('GIF89a\x01\x00\x01\x00')), null);
  assert.equal(sniffMediaType(bytes('PK\x03\x04 a zip file')), null);
  assert.equal(sniffMediaType(bytes('RIFF\0\0\0\0WAVEfmt ')), null);
  // A header beyond the first 1024 bytes does not count.
  assert.equal(sniffMediaType(bytes(`${'x'.repeat(1100)}%PDF-1.4`)), null);
});
