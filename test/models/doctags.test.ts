import { test } from 'node:test';
import assert from 'node:assert/strict';
import { doctagsToMarkdown, doctagsToPages, parseDocTags } from '../../src/models/doctags/index.js';

const L = '<loc_10><loc_20><loc_300><loc_40>';

test('headings: title is #, section_header_level_N is #×(N+1)', () => {
  const md = doctagsToMarkdown(`<doctag><title>${L}Report</title><section_header_level_1>${L}Intro</section_header_level_1><section_header_level_2>${L}Scope</section_header_level_2></doctag>`);
  assert.equal(md, '# Report\n\n## Intro\n\n### Scope');
});

test('paragraphs keep text, loc tags removed, whitespace collapsed; furniture dropped', () => {
  const md = doctagsToMarkdown(
    `<doctag><page_header>${L}Running head</page_header><text>${L}Hello\n  world.</text><footnote>${L}1 A note.</footnote><page_footer>${L}7</page_footer></doctag>`,
  );
  assert.equal(md, 'Hello world.\n\n1 A note.');
  assert.doesNotMatch(md, /loc_|Running head|<\/?\w/);
});

test('the closing </doctag> is optional (vLLM strips the stop string)', () => {
  assert.equal(doctagsToMarkdown(`<doctag><text>${L}A</text>`), 'A');
  assert.equal(doctagsToMarkdown(`<text>${L}A</text>`), 'A');
});

test('a truncated tail: the unfinished last element is dropped', () => {
  const md = doctagsToMarkdown(`<doctag><text>${L}Complete.</text><text>${L}Cut o`);
  assert.equal(md, 'Complete.');
  assert.equal(doctagsToMarkdown(`<doctag><text>${L}Complete.</text><otsl>${L}<fcel>a<fcel>b<nl><fcel>c`), 'Complete.');
  assert.equal(doctagsToMarkdown(`<doctag><text>${L}Complete.</text><tex`), 'Complete.');
});

test('unordered and ordered lists, one item per line, nested lists indented', () => {
  const md = doctagsToMarkdown(
    `<doctag><unordered_list><list_item>${L}apples</list_item><list_item>${L}pears</list_item></unordered_list>` +
      `<ordered_list><list_item>${L}first</list_item><list_item>${L}second<unordered_list><list_item>${L}inner</list_item></unordered_list></list_item></ordered_list></doctag>`,
  );
  assert.equal(md, '- apples\n- pears\n\n1. first\n2. second\n   - inner');
});

test('OTSL table → pipe table, first row as header; caption before the table', () => {
  const md = doctagsToMarkdown(
    `<doctag><otsl>${L}<ched>Name<ched>Score<nl><fcel>Ada<fcel>10<nl><fcel>Bob<ecel><nl><caption>${L}Table 1. Scores</caption></otsl></doctag>`,
  );
  assert.equal(md, 'Table 1. Scores\n\n| Name | Score |\n| --- | --- |\n| Ada | 10 |\n| Bob |  |');
});

test('OTSL spans: lcel/ucel/xcel repeat the spanning text; rows padded to a rectangle', () => {
  const md = doctagsToMarkdown(
    `<doctag><otsl>${L}<ched>Group<lcel><ched>Total<nl><ched>a<ched>b<ucel><nl><fcel>1<fcel>2<fcel>3<nl><fcel>x<lcel><nl></otsl></doctag>`,
  );
  assert.equal(md, ['| Group | Group | Total |', '| --- | --- | --- |', '| a | b | Total |', '| 1 | 2 | 3 |', '| x | x |  |'].join('\n'));
  const x = doctagsToMarkdown(`<otsl><fcel>A<lcel><nl><ucel><xcel><nl></otsl>`);
  assert.equal(x, '| A | A |\n| --- | --- |\n| A | A |');
});

test('pipes in cells are escaped', () => {
  assert.equal(doctagsToMarkdown(`<otsl><fcel>a|b<nl></otsl>`), '| a\\|b |\n| --- |');
});

test('formula → $$…$$; inside <inline> → $…$', () => {
  assert.equal(doctagsToMarkdown(`<doctag><formula>${L}\\frac{a}{b}</formula></doctag>`), '$$\\frac{a}{b}$$');
  assert.equal(doctagsToMarkdown(`<doctag><inline>${L}<text>Let</text><formula>x^2</formula><text>be even.</text></inline></doctag>`), 'Let $x^2$ be even.');
});

test('code → fenced block with the language token, token not in the content', () => {
  const md = doctagsToMarkdown(`<doctag><code>${L}<_Python_>def f(x):\n    return x</code></doctag>`);
  assert.equal(md, '```python\ndef f(x):\n    return x\n```');
  assert.equal(doctagsToMarkdown(`<code>${L}<_unknown_>x = 1</code>`), '```\nx = 1\n```');
  assert.equal(doctagsToMarkdown(`<code>${L}<_C++_>int main();</code>`), '```c++\nint main();\n```');
});

test('picture → <!-- image --> plus its caption after; class tokens are not content', () => {
  assert.equal(doctagsToMarkdown(`<doctag><picture>${L}<bar_chart><caption>${L}Figure 2. Sales</caption></picture></doctag>`), '<!-- image -->\n\nFigure 2. Sales');
  assert.equal(doctagsToMarkdown(`<picture>${L}<logo></picture>`), '<!-- image -->');
  assert.equal(doctagsToMarkdown(`<chart>${L}<pie_chart><otsl><fcel>a<nl></otsl></chart>`), '<!-- image -->');
});

test('standalone caption is a paragraph; checkboxes and key-value regions keep their text', () => {
  assert.equal(doctagsToMarkdown(`<caption>${L}Caption text</caption>`), 'Caption text');
  assert.equal(doctagsToMarkdown(`<checkbox_selected>${L}Yes</checkbox_selected><checkbox_unselected>${L}No</checkbox_unselected>`), '[x] Yes\n\n[ ] No');
  assert.equal(doctagsToMarkdown(`<key_value_region>${L}Name: Ada</key_value_region>`), 'Name: Ada');
});

test('page_break splits pages in multi-page DocTags', () => {
  const pages = doctagsToPages(`<doctag><text>${L}One</text><page_break><text>${L}Two</text><page_break></doctag>`);
  assert.deepEqual(pages, ['One', 'Two', '']);
});

test('no model markup ever reaches the output', () => {
  const sample =
    `<doctag><title>${L}T</title><text>${L}a < b and <b>c</b></text><picture>${L}<natural_image></picture>` +
    `<otsl>${L}<fcel>1<srow>2<rhed>3<nl></otsl><unordered_list><list_item>${L}i</list_item></unordered_list>` +
    `<text>${L}x<|end_of_text|>`;
  const md = doctagsToMarkdown(sample);
  assert.doesNotMatch(md, /<loc_|<\/?(doctag|text|otsl|fcel|srow|rhed|nl|natural_image|list_item)>|<\|end_of_text\|>/);
  assert.match(md, /a < b and c/);
});

test('empty page', () => {
  assert.equal(doctagsToMarkdown('<doctag></doctag>'), '');
  assert.equal(doctagsToMarkdown(''), '');
});

test('parseDocTags: elements vs tokens, stray closes ignored', () => {
  const nodes = parseDocTags(`<doctag><text><loc_1>a</text></foo><otsl><fcel>b<nl></otsl>`);
  assert.equal(nodes.length, 2);
  assert.equal(nodes[0]!.kind, 'element');
  const otsl = nodes[1]!;
  assert.ok(otsl.kind === 'element' && otsl.children.some((c) => c.kind === 'token' && c.name === 'fcel'));
});
