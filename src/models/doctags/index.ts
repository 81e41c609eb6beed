export { doctagsToBlocks, doctagsToMarkdown, doctagsToPages } from './to-markdown.js';
export { parseDocTags } from './parse.js';
