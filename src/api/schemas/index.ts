// All TypeBox schemas of the service: validation, TypeScript types and /openapi.json.
export * from './common.js';
export * from './keys.js';
export * from './usage.js';
export * from './meta.js';
export * from './admin.js';
export * from './jobs.js';
export * from './convert.js';
export * from './results.js';
