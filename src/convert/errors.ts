// The built-in parser's typed failures. The codes are the catalogue's strings (src/errors), mapped
// by the caller; messages never quote the document (DECISIONS §6).

export type ParseErrorCode =
  | 'unsupported_media_type'
  | 'encrypted_pdf'
  | 'malformed_document'
  | 'page_too_large'
  | 'document_too_complex';

const DEFAULT_MESSAGES: Record<ParseErrorCode, string> = {
  unsupported_media_type: 'The file is not a PDF, PNG, JPEG, TIFF or WebP document.',
  encrypted_pdf: 'The PDF is protected by a password.',
  malformed_document: 'The document could not be read.',
  page_too_large: 'A page is too large to process.',
  document_too_complex: 'The document took longer than its processing budget.',
};

export class ParseError extends Error {
  readonly code: ParseErrorCode;

  constructor(code: ParseErrorCode, message: string = DEFAULT_MESSAGES[code]) {
    super(message);
    this.name = 'ParseError';
    this.code = code;
  }
}

/** Thrown for a `lang` hint naming languages without installed OCR data (API: 400 invalid_request). */
export class LanguageError extends Error {
  readonly code = 'invalid_request' as const;
  readonly available: string[];

  constructor(unknown: string[], available: string[]) {
    super(`Unsupported OCR language ${unknown.map((l) => `'${l}'`).join(', ')}; available: ${available.join(', ')}.`);
    this.name = 'LanguageError';
    this.available = available;
  }
}

/** Thrown when the caller's AbortSignal fires; not a document error. */
export class ParseAbortedError extends Error {
  constructor() {
    super('The conversion was cancelled.');
    this.name = 'AbortError';
  }
}

export function isParseError(e: unknown): e is ParseError {
  return e instanceof ParseError;
}
