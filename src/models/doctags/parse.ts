// DocTags reader (models-wire.md §2). DocTags is not XML: besides elements with a closing tag it
// has unclosed tokens (`<loc_N>`, OTSL cell markers, picture class tokens, code language tokens
// `<_Python_>`, `<page_break>`) and, when the model was cut off, an unfinished tail. This reader
// builds a small tree: an element is a tag with a matching close; every other tag is a token.

export type DtNode = DtElement | DtText | DtToken;
export interface DtElement {
  kind: 'element';
  name: string;
  children: DtNode[];
  /** False when the input ended before the element's closing tag. */
  closed: boolean;
}
export interface DtText {
  kind: 'text';
  text: string;
}
export interface DtToken {
  kind: 'token';
  name: string;
}

/** Element names of the DocTags vocabulary (docling-core tokens.py) that always take a close. */
const ELEMENTS = new Set([
  'doctag', 'title', 'text', 'paragraph', 'footnote', 'handwritten_text', 'page_header', 'page_footer',
  'caption', 'formula', 'code', 'picture', 'chart', 'unordered_list', 'ordered_list', 'list_item', 'otsl',
  'inline', 'checkbox_selected', 'checkbox_unselected', 'key_value_region', 'reference', 'form',
  'document_index', 'smiles', 'group', 'marker', 'section_header_level_0', 'section_header_level_1',
  'section_header_level_2', 'section_header_level_3', 'section_header_level_4', 'section_header_level_5',
  'section_header_level_6', 'page_number', 'grading_scale', 'empty_value', 'field_region', 'field_item',
  'field_key', 'field_value', 'field_heading', 'field_hint', 'hint',
]);

// `<name>`, `</name>`, language tokens `<_C++_>`, special tokens `<|end_of_text|>`.
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9_]*)>|<(_[^<>\n]{1,40}_)>|<\|([a-z_]+)\|>/g;

interface RawTag {
  start: number;
  end: number;
  close: boolean;
  name: string;
}

function scan(input: string): RawTag[] {
  const out: RawTag[] = [];
  for (const m of input.matchAll(TAG)) {
    const name = m[2] ?? m[3] ?? `|${m[4]}|`;
    out.push({ start: m.index!, end: m.index! + m[0].length, close: m[1] === '/', name: m[2] ? name.toLowerCase() : name });
  }
  return out;
}

/** Parses DocTags into its root nodes (the children of `<doctag>`, which may be missing or unclosed). */
export function parseDocTags(input: string): DtNode[] {
  const tags = scan(input);
  const closers = new Set(tags.filter((t) => t.close).map((t) => t.name));
  const root: DtElement = { kind: 'element', name: '#root', children: [], closed: true };
  const stack: DtElement[] = [root];
  const top = () => stack[stack.length - 1]!;
  let pos = 0;
  const pushText = (end: number) => {
    if (end > pos) top().children.push({ kind: 'text', text: input.slice(pos, end) });
  };
  for (const tag of tags) {
    pushText(tag.start);
    pos = tag.end;
    if (tag.close) {
      const at = stack.map((e) => e.name).lastIndexOf(tag.name);
      if (at <= 0) continue; // a stray close: ignore
      while (stack.length > at) {
        const el = stack.pop()!;
        el.closed = true;
      }
    } else if (ELEMENTS.has(tag.name) || closers.has(tag.name)) {
      const el: DtElement = { kind: 'element', name: tag.name, children: [], closed: false };
      top().children.push(el);
      stack.push(el);
    } else {
      top().children.push({ kind: 'token', name: tag.name });
    }
  }
  pushText(input.length);
  // Unwrap <doctag> (vLLM strips the matched stop string `</doctag>`, so it is often unclosed).
  const nodes: DtNode[] = [];
  for (const n of root.children) {
    if (n.kind === 'element' && n.name === 'doctag') nodes.push(...n.children);
    else nodes.push(n);
  }
  return nodes;
}

/** The text of a node with every tag stripped (tokens contribute nothing). */
export function textOf(node: DtNode): string {
  if (node.kind === 'text') return node.text;
  if (node.kind === 'token') return '';
  return node.children.map(textOf).join('');
}
