import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { decodeImagePageGray, imagePageCount, imagePagePng } from '../../src/convert/images.js';
import { ParseError } from '../../src/convert/errors.js';
import { multiPageTiff } from './exec-fixtures.js';

const solid = (w: number, h: number, background: string) =>
  sharp({ create: { width: w, height: h, channels: 3, background } }).png().toBuffer().then((b) => new Uint8Array(b));

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A tiny PNG file whose header claims `w` × `h` pixels (decompression-bomb shape). */
function pngClaiming(w: number, h: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(w + 1))), chunk('IEND', Buffer.alloc(0))]));
}

test('a multi-page TIFF has one page per frame, each decoded on its own', async () => {
  const tiff = await multiPageTiff([await solid(300, 200, '#ffffff'), await solid(300, 200, '#000000'), await solid(300, 200, '#808080')]);
  assert.equal(await imagePageCount(tiff), 3);
  const frames = await Promise.all([0, 1, 2].map((i) => decodeImagePageGray(tiff, i)));
  assert.deepEqual(frames.map((f) => [f.width, f.height]), [[300, 200], [300, 200], [300, 200]]);
  assert.deepEqual(frames.map((f) => f.data[0]), [255, 0, 128]);
  const png = await imagePagePng(tiff, 1);
  assert.equal((await sharp(png).metadata()).format, 'png');
});

test('WebP and JPEG decode to grey pixels; EXIF orientation is honoured', async () => {
  const webp = new Uint8Array(await sharp(await solid(120, 80, '#ffffff')).webp().toBuffer());
  assert.equal(await imagePageCount(webp), 1);
  const g = await decodeImagePageGray(webp, 0);
  assert.deepEqual([g.width, g.height, g.data.length], [120, 80, 9600]);
  // Orientation 6 = the stored pixels must be turned 90° to stand upright.
  const jpeg = new Uint8Array(await sharp(await solid(120, 80, '#ffffff')).jpeg().withMetadata({ orientation: 6 }).toBuffer());
  const upright = await decodeImagePageGray(jpeg, 0);
  assert.deepEqual([upright.width, upright.height], [80, 120]);
});

test('images over the decode budget fail with page_too_large, garbage with malformed_document', async () => {
  await assert.rejects(imagePageCount(pngClaiming(20_000, 20_000)), (e: unknown) => e instanceof ParseError && e.code === 'page_too_large');
  await assert.rejects(decodeImagePageGray(pngClaiming(20_000, 20_000), 0), (e: unknown) => e instanceof ParseError && e.code === 'page_too_large');
  const truncated = (await solid(64, 64, '#ffffff')).slice(0, 40);
  await assert.rejects(decodeImagePageGray(truncated, 0), (e: unknown) => e instanceof ParseError && e.code === 'malformed_document');
});
