// Model-server stubs for tests (unit, jobs, e2e): each speaks its server's real wire format
// (models-wire.md) on 127.0.0.1 and returns { url, close, calls, … }.
export { startMineruStub, mineruPageItems, type MineruStubOptions } from './mineru.js';
export { startVllmStub, sampleDocTags, type VllmStubOptions } from './vllm.js';
export { startPaddlexStub, paddlexPageMarkdown, type PaddlexStubOptions } from './paddlex.js';
export { fakePdf, fakeParser } from './fake-parser.js';
export type { StubHandle, StubOptions, StubStep, StubCall } from './common.js';
