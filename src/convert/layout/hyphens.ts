// A hyphen at a line's end is either a soft break inside one word ("docu-⏎ment": removed) or the
// hyphen of a compound that happened to end the line ("well-⏎known": kept). Without a dictionary
// the page's own words tell them apart: a compound the page also prints whole inside a line
// ("well-known") keeps its hyphen, unless the page also prints the word unbroken ("cooperation"
// beside "co-⏎operation"); a first part that holds a hyphen already ("state-of-the-⏎art") is a
// compound too. Everything else is a soft break, the common case in justified text (issue 9:
// compound words must keep their hyphen).

/** Words as compared here: lower case, letters, digits and inner hyphens only. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w !== '');
}

export interface PageWords {
  /** Words printed whole (no line break inside them). */
  plain: Set<string>;
}

/** Bound on the words collected per page. */
const MAX_WORDS = 50_000;

/** The page's words as printed inside its lines (a line's last word, if hyphenated, is left out). */
export function pageWords(lines: Iterable<string>): PageWords {
  const plain = new Set<string>();
  for (const line of lines) {
    const words = wordsOf(line);
    const broken = /\p{L}[-\u00AD]\s*$/u.test(line);
    words.forEach((w, i) => {
      if (broken && i === words.length - 1) return;
      if (plain.size < MAX_WORDS) plain.add(w);
    });
  }
  return { plain };
}

/**
 * Whether the hyphen ending a line (`head` ends with it) belongs to a compound with the next
 * line's first word (`tail`), so it stays.
 */
export function keepsLineEndHyphen(head: string, tail: string, words: PageWords | undefined): boolean {
  const h = wordsOf(head).pop() ?? '';
  const t = wordsOf(tail)[0] ?? '';
  const first = h.replace(/-$/, '');
  if (first === '' || t === '') return false;
  const joined = first + t;
  if (words?.plain.has(joined)) return false;
  if (words?.plain.has(`${first}-${t}`)) return true;
  // "state-of-the-⏎art": a first part with a hyphen of its own is a compound's.
  return first.includes('-');
}
