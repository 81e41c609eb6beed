// Spec §2 HealthStatus, VersionInfo, ModelInfo; routes GET /health, /version, /openapi.json.
import { Type, type Static } from '@sinclair/typebox';
import { NO_AUTH, Obj, StringEnum, described, errorResponses } from './common.js';

export const DepStatus = StringEnum(['up', 'down'] as const);

export const HealthStatus = Obj(
  {
    status: StringEnum(['ok', 'degraded', 'down'] as const),
    deps: Type.Optional(Type.Record(Type.String(), DepStatus, { description: 'Dependency name to `up` or `down`.' })),
  },
  { title: 'HealthStatus' },
);
export type HealthStatus = Static<typeof HealthStatus>;

export const ModelInfo = Obj(
  { id: Type.String(), label: Type.String(), license: Type.String(), attribution: Type.String(), attribution_url: Type.String() },
  { title: 'ModelInfo' },
);
export type ModelInfo = Static<typeof ModelInfo>;

export const VersionInfo = Obj(
  {
    service: Type.String(),
    version: Type.String(),
    commit: Type.Optional(Type.String()),
    date: Type.Optional(Type.String()),
    models: Type.Optional(Type.Array(ModelInfo, { description: 'The selectable parser registry.' })),
  },
  { title: 'VersionInfo' },
);
export type VersionInfo = Static<typeof VersionInfo>;

export const healthSchema = {
  summary: 'Service health with per-dependency detail',
  tags: ['meta'],
  security: NO_AUTH,
  response: { 200: described(HealthStatus, 'Healthy (`ok`), or `degraded` with per-dependency detail.'), 503: described(HealthStatus, 'Unhealthy (`down`): the store is unreachable.'), ...errorResponses() },
};

export const versionSchema = {
  summary: 'Service version and the parser model registry',
  tags: ['meta'],
  security: NO_AUTH,
  response: { 200: described(VersionInfo, 'Service, version, commit, date and the parser model registry.'), ...errorResponses() },
};

export const openapiSchema = {
  summary: 'This interface as an OpenAPI 3.0.3 document',
  tags: ['meta'],
  security: NO_AUTH,
  response: { 200: Type.Object({}, { additionalProperties: true, description: 'The OpenAPI 3.0.3 document.' }), ...errorResponses() },
};
