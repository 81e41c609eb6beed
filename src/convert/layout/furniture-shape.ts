// Running-line shapes: the forms a margin line takes when it is page furniture by what it says,
// not by where it repeats. On a one- or two-page document repetition gives no evidence, so only
// these shapes justify setting a margin line aside (issue 9: "furniture only in the margins, only
// when it repeats or is a folio, and never the only content of a page"); a short label of the
// user's ("Reference: AB-1234", "Customer: ACME Ltd", "NETS 2015") is text.
import { isPageNumber, isStamp, isYear } from './margins.js';

/** A word that makes the number after it a heading's numbering, not a folio ("Chapter 3"). */
const NUMBERING_WORD = /^(?:chapter|section|part|appendix|unit|lesson|article|step|no\.?|number|nr\.?|annex|schedule)$/i;

/** "http://…", "www.…", "example.org": a site named in a running line or a print/download stamp. */
const URL = /https?:\/\/|\bwww\.|\b[\p{L}\d-]+\.(?:org|com|net|edu|gov|int|info|io)\b|\b[\p{L}\d-]+\.(?:ac|co|gov)\.[a-z]{2}\b/iu;
/** A DOI, with or without its label. */
const DOI = /\bdoi\b|\b10\.\d{4,9}\/\S/i;
/** A copyright or licence line ("© 2020 Elsevier", "(c) 2019", "Licensed under CC BY 4.0"). */
const RIGHTS = /©|\(c\)\s*(?:\d{4}|[\p{Lu}])|\bcopyright\b|\blicen[cs](?:e|ed|ing)\b|\bcc[ -]by\b|\bcreative commons\b|\ball rights reserved\b/iu;
/**
 * A journal or proceedings running head by its citation parts: a volume, issue or page range
 * ("Vol. 12, No. 3", "pp. 45–67", "12(3):45–67", "2015; 12: 45-67").
 */
const CITATION = /\bvol(?:ume)?\.?\s*\d|\bno\.\s*\d|\bissue\s*\d|\bpp?\.\s*\d+\s*[-–]\s*\d|\b\d{1,4}\s*\(\d{1,4}\)\s*[:,]\s*\d|\b\d{1,4}\s*:\s*\d{1,6}\s*[-–]\s*\d{1,6}\b/i;
/** An arXiv side stamp ("arXiv:2101.00001v2 [cs.CL] 1 Jan 2021"). */
const ARXIV = /\barxiv:\s*(?:\d{4}\.\d{4,5}|[a-z-]+\/\d{7})/i;
/** A preprint or manuscript mark ("Preprint submitted to Elsevier", "Author manuscript"). */
const MANUSCRIPT = /\bpreprint\b|\bsubmitted to\b|\bunder review\b|\b(?:accepted|author) manuscript\b/i;
/** A print or generation stamp: a time of day, or the verb that says when a file was made. */
const TIMESTAMP = /\b\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?\b)?|\b(?:printed|generated|created|exported)\s+(?:on|at|by|from)\b/i;

/** A token that is a page number by itself ("7", "(7)", "iv", "7/12"), not a year. */
function folioToken(t: string): boolean {
  const s = t.replace(/^[([{]|[)\]}.,:;]$/g, '');
  return !isYear(s) && (/^\d{1,4}(?:\/\d{1,4})?$/.test(s) || isPageNumber(s));
}

/**
 * A label with a folio at one end ("Field Notes 12", "iv Annual Report"), the page number of a
 * running head set in one piece; "Chapter 3" is a heading's number, not a folio.
 */
function hasEdgeFolio(text: string): boolean {
  const tokens = text.split(/\s+/).filter(Boolean);
  if (tokens.length < 2) return false;
  if (folioToken(tokens[0])) return true;
  return folioToken(tokens[tokens.length - 1]) && !NUMBERING_WORD.test(tokens[tokens.length - 2]);
}

/**
 * Whether a margin line has the shape of page furniture by itself: a folio, a label carrying one,
 * a stamp, a URL, a DOI, a copyright or licence line, a journal head's citation parts, an arXiv
 * stamp, a manuscript mark or a timestamp. Anything else in a margin is a label of the user's.
 */
export function hasFurnitureShape(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length === 0) return false;
  if (isPageNumber(t) || isStamp(t) || hasEdgeFolio(t)) return true;
  return [URL, DOI, RIGHTS, CITATION, ARXIV, MANUSCRIPT, TIMESTAMP].some((re) => re.test(t));
}
