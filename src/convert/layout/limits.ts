// Budgets and thresholds of the layout stage, named once (STYLE: no bare numbers in code).

/** At most this many operators of a page's operator list are inspected for rules and images. */
export const MAX_INSPECTED_OPS = 60_000;
/** At most this many ruling lines are kept per page (a vector drawing can hold millions). */
export const MAX_RULES_PER_PAGE = 4_000;
/** At most this many text runs are laid out per page; beyond it the rest are appended as plain lines. */
export const MAX_RUNS_PER_PAGE = 20_000;
/** A filled rectangle thinner than this (points) is a ruling line. */
export const RULE_MAX_THICKNESS = 3;
/** Minimum length (points) of a ruling line worth keeping. */
export const RULE_MIN_LENGTH = 4;
/** An image smaller than this share of the page area gets no placeholder. */
export const IMAGE_MIN_PAGE_SHARE = 0.02;
/** Horizontal gap (in font sizes) that splits one baseline into separate segments (columns, cells). */
export const SEGMENT_GAP_EM = 0.8;
/** The same for OCR words, whose sizes are estimates and spacing uneven. */
export const OCR_SEGMENT_GAP_EM = 2.0;
/** Text-layer sanity: fewer visible characters than this and the page is treated as having no text layer. */
export const MIN_TEXT_LAYER_CHARS = 12;
/** Running header/footer: a normalised margin line repeating on at least this share of pages is dropped. */
export const RUNNING_LINE_MIN_SHARE = 0.4;
/** Running header/footer detection needs at least this many pages. */
export const RUNNING_LINE_MIN_PAGES = 3;
/** Pages with fewer characters always get the full (operator list) reading: figures, scans, covers. */
export const DETAIL_MAX_CHARS = 400;
/** This many lines split into three or more pieces by wide gaps mark a table: full reading. */
export const DETAIL_MIN_COLUMN_LINES = 3;
