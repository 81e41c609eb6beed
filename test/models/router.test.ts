import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentReason, routeAuto, selectModel, type Availability } from '../../src/models/router.js';
import type { DocumentProbe, ModelId } from '../../src/models/types.js';
import { ServiceError } from '../../src/errors/service-error.js';

const born: DocumentProbe = { mediaType: 'application/pdf', pages: 3, textLayerCoverage: 1, scannedPages: 0, hasTables: false, hasFormulas: false, hasImages: false, script: 'latin' };
const all: ModelId[] = ['builtin', 'mineru-2.5', 'granite-docling', 'paddleocr-vl'];
const avail = (deployed: ModelId[], healthy: ModelId[] = deployed): Availability => ({ deployed: new Set(deployed), healthy: new Set(healthy) });

test('omitted model → mineru-2.5 when deployed, with an empty route_reason (even when cold)', () => {
  assert.deepEqual(selectModel(undefined, born, avail(all, ['builtin'])), { model: 'mineru-2.5', routeReason: '' });
});

test('omitted model without mineru → routed as auto with default_model_unavailable', () => {
  assert.deepEqual(selectModel(undefined, born, avail(['builtin'])), { model: 'builtin', routeReason: 'default_model_unavailable' });
  const scanned = { ...born, textLayerCoverage: 0, scannedPages: 3 };
  assert.deepEqual(selectModel(undefined, scanned, avail(['builtin', 'paddleocr-vl'])), { model: 'paddleocr-vl', routeReason: 'default_model_unavailable' });
});

test('explicit model: used as is, never falls back, even when unhealthy', () => {
  assert.deepEqual(selectModel('granite-docling', born, avail(all, ['builtin'])), { model: 'granite-docling', routeReason: '' });
  assert.deepEqual(selectModel('builtin', born, avail(['builtin'])), { model: 'builtin', routeReason: '' });
});

test('explicit undeployed model → 403 model_not_available; unknown → 400 invalid_request', () => {
  assert.throws(() => selectModel('paddleocr-vl', born, avail(['builtin'])), (e: unknown) => e instanceof ServiceError && e.code === 'model_not_available' && e.status === 403);
  assert.throws(() => selectModel('gpt-5', born, avail(all)), (e: unknown) => e instanceof ServiceError && e.code === 'invalid_request' && e.status === 400);
  assert.throws(() => selectModel('', born, avail(all)), (e: unknown) => e instanceof ServiceError && e.code === 'invalid_request');
});

test('auto: content reasons', () => {
  assert.equal(contentReason(born), 'text_layer');
  assert.equal(contentReason({ ...born, mediaType: 'image/png', textLayerCoverage: 0 }), 'image_input');
  assert.equal(contentReason({ ...born, textLayerCoverage: 0.2 }), 'scanned');
  assert.equal(contentReason({ ...born, textLayerCoverage: 0, script: 'cjk' }), 'non_latin_script');
  assert.equal(contentReason({ ...born, hasFormulas: true, hasTables: true }), 'formulas');
  assert.equal(contentReason({ ...born, hasTables: true }), 'tables');
  assert.equal(contentReason({ ...born, script: 'arabic' }), 'text_layer'); // a born-digital text layer reads in any script
});

test('auto: picks the best deployed and healthy model for each reason', () => {
  const a = avail(all);
  assert.deepEqual(routeAuto(born, a), { model: 'builtin', routeReason: 'text_layer' });
  assert.deepEqual(routeAuto({ ...born, mediaType: 'image/jpeg', textLayerCoverage: 0 }, a), { model: 'paddleocr-vl', routeReason: 'image_input' });
  assert.deepEqual(routeAuto({ ...born, textLayerCoverage: 0 }, a), { model: 'paddleocr-vl', routeReason: 'scanned' });
  assert.deepEqual(routeAuto({ ...born, textLayerCoverage: 0, script: 'cyrillic' }, a), { model: 'paddleocr-vl', routeReason: 'non_latin_script' });
  assert.deepEqual(routeAuto({ ...born, hasTables: true }, a), { model: 'mineru-2.5', routeReason: 'tables' });
  assert.deepEqual(routeAuto({ ...born, hasFormulas: true }, a), { model: 'mineru-2.5', routeReason: 'formulas' });
});

test('auto: skips undeployed and unhealthy models, ends at builtin', () => {
  const formulas = { ...born, hasFormulas: true };
  assert.equal(routeAuto(formulas, avail(all, ['builtin', 'granite-docling', 'paddleocr-vl'])).model, 'granite-docling');
  assert.equal(routeAuto(formulas, avail(['builtin', 'paddleocr-vl'])).model, 'paddleocr-vl');
  assert.equal(routeAuto(formulas, avail(all, ['builtin'])).model, 'builtin');
  const scanned = { ...born, textLayerCoverage: 0 };
  assert.equal(routeAuto(scanned, avail(['builtin', 'mineru-2.5'])).model, 'mineru-2.5');
  assert.deepEqual(routeAuto(scanned, avail(['builtin'])), { model: 'builtin', routeReason: 'scanned' });
  // healthy but not deployed cannot happen, but deployment wins
  assert.equal(routeAuto(scanned, { deployed: new Set(['builtin']), healthy: new Set(all) }).model, 'builtin');
});
