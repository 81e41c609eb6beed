import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentItemToMarkdown, parseFileParse } from '../../src/models/adapters/mineru.js';
import { parseLayoutParsing } from '../../src/models/adapters/paddleocr-vl.js';
import { pageFromCompletion } from '../../src/models/adapters/granite-docling.js';
import { convertHtmlTables, htmlTableToMarkdown, replaceImages } from '../../src/models/markdown.js';
import { UpstreamError } from '../../src/models/backend.js';

const malformed = (e: unknown) => e instanceof UpstreamError && e.kind === 'malformed';

test('HTML table without spans → pipe table (entities decoded, pipes escaped); with spans → kept as HTML', () => {
  assert.equal(htmlTableToMarkdown('<html><body><table><tr><th>A &amp; B</th><td>x|y</td></tr><tr><td>1</td></tr></table></body></html>'), '| A & B | x\\|y |\n| --- | --- |\n| 1 |  |');
  const spans = '<table><tr><td colspan="2">wide</td></tr><tr><td>a</td><td>b</td></tr></table>';
  assert.equal(htmlTableToMarkdown(`<html><body>${spans}</body></html>`), spans);
  assert.match(htmlTableToMarkdown('<table><tr><td colspan="1">a</td></tr></table>'), /^\| a \|/);
  assert.equal(convertHtmlTables('Before\n<table><tr><td>a</td></tr></table>\nAfter'), 'Before\n\n\n| a |\n| --- |\n\n\nAfter');
});

test('images → <!-- image -->: Markdown, <img>, centred <div>', () => {
  assert.equal(replaceImages('a ![](imgs/x.jpg) b'), 'a <!-- image --> b');
  assert.equal(replaceImages('<div style="text-align: center;"><img src="imgs/x.jpg" alt="Image" width="50%" /></div>'), '<!-- image -->');
  assert.equal(replaceImages('<img src="imgs/y.jpg">'), '<!-- image -->');
});

test('mineru content items → Markdown per models-wire.md §1', () => {
  assert.equal(contentItemToMarkdown({ type: 'text', text: 'Intro', text_level: 2 }), '## Intro');
  assert.equal(contentItemToMarkdown({ type: 'text', text: 'Plain.' }), 'Plain.');
  assert.equal(contentItemToMarkdown({ type: 'list', sub_type: 'text', list_items: ['one', 'two', '- three'] }), '- one\n- two\n- three');
  assert.equal(contentItemToMarkdown({ type: 'equation', text: '$$\na+b\n$$' }), '$$\na+b\n$$');
  assert.equal(contentItemToMarkdown({ type: 'code', sub_type: 'code', code_body: '```python\nprint(1)\n```', code_caption: ['Listing 1'] }), 'Listing 1\n\n```python\nprint(1)\n```');
  assert.equal(contentItemToMarkdown({ type: 'chart', chart_caption: ['Fig. 3'] }), '<!-- image -->\n\nFig. 3');
  assert.equal(
    contentItemToMarkdown({ type: 'table', table_caption: ['T1'], table_body: '<table><tr><td rowspan="2">a</td><td>b</td></tr><tr><td>c</td></tr></table>', table_footnote: ['* note'] }),
    'T1\n\n<table><tr><td rowspan="2">a</td><td>b</td></tr><tr><td>c</td></tr></table>\n\n* note',
  );
  for (const type of ['header', 'footer', 'page_number', 'aside_text', 'page_footnote']) assert.equal(contentItemToMarkdown({ type, text: 'furniture' }), '');
});

test('mineru answers: empty pages are "", missing results / bad content_list are malformed', () => {
  const body = (cl: unknown) => ({ results: { doc: { content_list: typeof cl === 'string' ? cl : JSON.stringify(cl) } } });
  assert.deepEqual(parseFileParse(body([{ type: 'text', text: 'x', page_idx: 2 }]), 3), ['', '', 'x']);
  assert.throws(() => parseFileParse({ results: {} }, 1), malformed);
  assert.throws(() => parseFileParse({}, 1), malformed);
  assert.throws(() => parseFileParse(body('not json'), 1), malformed);
  assert.throws(() => parseFileParse(body({ not: 'a list' }), 1), malformed);
  assert.throws(() => parseFileParse(undefined, 1), malformed);
});

test('paddlex answers: markdown.text per page; short results, missing text, errorCode are failures', () => {
  const ok = { logId: 'x', errorCode: 0, errorMsg: 'Success', result: { layoutParsingResults: [{ markdown: { text: '# T\n\n![](imgs/a.jpg)' } }] } };
  assert.deepEqual(parseLayoutParsing(ok, 1), ['# T\n\n<!-- image -->']);
  assert.throws(() => parseLayoutParsing(ok, 2), malformed);
  assert.throws(() => parseLayoutParsing({ errorCode: 0, result: { layoutParsingResults: [{ markdown: {} }] } }, 1), malformed);
  assert.throws(() => parseLayoutParsing(undefined, 1), malformed);
  assert.throws(() => parseLayoutParsing({ errorCode: 500, errorMsg: 'Internal server error' }, 1), (e: unknown) => e instanceof UpstreamError && e.kind === 'server');
  assert.throws(() => parseLayoutParsing({ errorCode: 422, errorMsg: '[]' }, 1), (e: unknown) => e instanceof UpstreamError && e.kind === 'client');
});

test('vLLM answers: content, finish_reason length, no choices, non-DocTags', () => {
  const c = (content: unknown, finish_reason = 'stop') => ({ choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason }] });
  assert.equal(pageFromCompletion(c('<doctag><text><loc_1>a</text>')), '<doctag><text><loc_1>a</text>');
  assert.equal(pageFromCompletion(c('<doctag></doctag>')), '');
  assert.throws(() => pageFromCompletion(c('<doctag><otsl><ecel><ecel>', 'length')), malformed);
  assert.throws(() => pageFromCompletion(c('!!!!!!!!', 'length')), malformed);
  assert.throws(() => pageFromCompletion({ choices: [] }), malformed);
  assert.throws(() => pageFromCompletion(c(null)), malformed);
  assert.throws(() => pageFromCompletion(c('<loc_41><loc_30>Bare text')), malformed);
});
