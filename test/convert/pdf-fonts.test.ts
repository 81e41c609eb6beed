// Font names and what they tell (issue 9): style from a PDF font's name when its flags are
// missing, and the Symbol font's phis read as they are drawn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveFontStyle, styleFromFontName } from '../../src/convert/pdf/fonts.js';
import { isSymbolFont, symbolFontText } from '../../src/convert/pdf/symbol-font.js';

test('fonts: URW\'s shortened "Ital" (LaTeX\'s times, helvet, mathptmx) is italic; "Digital" is not', () => {
  assert.equal(styleFromFontName('KVYOAY+NimbusRomNo9L-ReguItal').italic, true);
  assert.equal(styleFromFontName('NimbusSanL-BoldItal').italic, true);
  assert.equal(styleFromFontName('NimbusRomNo9L-MediItal').bold, true);
  assert.equal(styleFromFontName('ABCDEF+Times-Italic').italic, true);
  assert.equal(styleFromFontName('NimbusRomNo9L-Regu').italic, false);
  assert.equal(styleFromFontName('Digital-7').italic, false);
  assert.equal(styleFromFontName('CapitalSans').italic, false);
});

test('fonts: the Symbol font\'s "phi" is drawn with a straight stroke (\\phi) and "phi1" curly (\\varphi)', () => {
  assert.equal(isSymbolFont('HKAEOH+StandardSymL'), true);
  assert.equal(isSymbolFont('QTHUTZ+StandardSymL-Slant_167'), true);
  assert.equal(isSymbolFont('SymbolMT'), true);
  assert.equal(isSymbolFont('CMMI10'), false);
  assert.equal(symbolFontText('\u03c6 + \u03d5'), '\u03d5 + \u03c6');
  assert.equal(symbolFontText('\u03b1\u03b2'), '\u03b1\u03b2');
});

test('fonts: a proportional family pdf.js calls monospace (all widths equal: a one-glyph subset, digits) is not code', () => {
  assert.equal(resolveFontStyle({ name: 'TMCDBM+CMSY8' }, 'monospace').monospace, false);
  assert.equal(resolveFontStyle({ name: 'ABCDEF+Times-Roman' }, 'monospace').monospace, false);
  assert.equal(resolveFontStyle({ name: 'ABCDEF+CMTT10' }, 'monospace').monospace, true);
  assert.equal(resolveFontStyle({ name: 'ABCDEF+SomeCodeFace' }, 'monospace').monospace, true);
  assert.equal(resolveFontStyle({ name: 'DejaVuSansMono' }, 'sans-serif').monospace, true);
  assert.equal(resolveFontStyle({ name: 'GlyphLessFont' }, 'monospace').monospace, false);
});
