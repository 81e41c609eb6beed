// Text for synthetic pages: plain lower-case English words without digits or hyphens, so that a
// word in the ground truth is one token in any faithful rendition (no de-hyphenation, no list
// or heading look-alikes inside prose).
import type { Rng } from './random.js';

const VOCABULARY = (
  'about above across action after again against agency almost along already also always among amount ' +
  'annual answer appear approach area around basis become before began behind being below better between ' +
  'beyond board body border bring broad budget build built business called capital carry case cause central ' +
  'certain change chapter choice city clear close common company council country course cover current data ' +
  'decide demand design detail develop different direct during early economic effect either energy enough ' +
  'entire every evidence example expect family field figure final financial first follow force foreign form ' +
  'forward found further general given global government great ground group growth health higher history ' +
  'however human image income increase index industry inside interest issue large later least level likely ' +
  'local major market matter measure method middle might model moment month moreover most nation natural ' +
  'nearly network never next north number object often order other output paper part period person place ' +
  'plan point policy position power present price private problem process product public purpose quality ' +
  'question range rather reason record region remain report result return review river rule sample second ' +
  'section sector series service several share short should simple since small social source south space ' +
  'special stage standard state still street strong structure study subject supply support system table ' +
  'taken their theory there these thing third those through total toward trade travel under union until ' +
  'usually value various version water weight where whether which while whole within without world would ' +
  'writer year young'
).split(' ');

const CAPITALISED = VOCABULARY.map((w) => w[0].toUpperCase() + w.slice(1));

export function word(rng: Rng): string {
  return rng.pick(VOCABULARY);
}

export function capitalisedWord(rng: Rng): string {
  return rng.pick(CAPITALISED);
}

export function sentence(rng: Rng, minWords = 6, maxWords = 16): string {
  const n = rng.int(minWords, maxWords);
  const words = [capitalisedWord(rng)];
  for (let i = 1; i < n; i++) words.push(word(rng));
  return `${words.join(' ')}.`;
}

export function paragraph(rng: Rng, minSentences = 2, maxSentences = 5): string {
  const n = rng.int(minSentences, maxSentences);
  return Array.from({ length: n }, () => sentence(rng)).join(' ');
}

/** Words that open a caption ("Table 3", "Figure 2"): a title starting with one reads as a caption. */
const CAPTION_WORDS = new Set(['Table', 'Figure']);

/** A title: capitalised words, no final stop. */
export function title(rng: Rng, minWords = 2, maxWords = 5): string {
  const words = Array.from({ length: rng.int(minWords, maxWords) }, () => capitalisedWord(rng));
  while (CAPTION_WORDS.has(words[0])) words[0] = capitalisedWord(rng);
  return words.join(' ');
}

/** A short phrase for a table label or list item: first word capitalised, no stop. */
export function phrase(rng: Rng, minWords = 1, maxWords = 4): string {
  const n = rng.int(minWords, maxWords);
  return [capitalisedWord(rng), ...Array.from({ length: n - 1 }, () => word(rng))].join(' ');
}
