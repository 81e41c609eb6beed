// Wire types of the client: `Static<typeof …>` of the server's own TypeBox schemas
// (src/api/schemas), so a schema change is a compile error here, not a runtime surprise.
// Type-only imports: the client has no runtime dependency on the server's code.
import type { Static } from '@sinclair/typebox';
import type {
  Account, AccountCreated, ApiKey as ApiKeySchema, ApiKeyCreated as ApiKeyCreatedSchema, ApiKeyList as ApiKeyListSchema,
  AsyncJob as AsyncJobSchema, ConvertMeta as ConvertMetaSchema, ConvertPage as ConvertPageSchema, ConvertResult as ConvertResultSchema,
  CreateAccountRequest, CreateKeyRequest as CreateKeyRequestSchema, HealthStatus as HealthStatusSchema, JobLinks as JobLinksSchema,
  JobStatus as JobStatusSchema, ModelInfo as ModelInfoSchema, UpdateAccountRequest, UsageMeters as UsageMetersSchema,
  VersionInfo as VersionInfoSchema,
} from '../api/schemas/index.js';

export type { JobState as JobStatusName, ModelChoice } from '../api/schemas/index.js';

export type ApiKey = Static<typeof ApiKeySchema>;
export type ApiKeyCreated = Static<typeof ApiKeyCreatedSchema>;
export type ApiKeyList = Static<typeof ApiKeyListSchema>;
export type CreateKeyRequest = Static<typeof CreateKeyRequestSchema>;
export type ConvertPage = Static<typeof ConvertPageSchema>;
export type ConvertMeta = Static<typeof ConvertMetaSchema>;
export type ConvertResult = Static<typeof ConvertResultSchema>;
export type JobLinks = Static<typeof JobLinksSchema>;
export type AsyncJob = Static<typeof AsyncJobSchema>;
export type JobStatus = Static<typeof JobStatusSchema>;
export type UsageMeters = Static<typeof UsageMetersSchema>;
export type HealthStatus = Static<typeof HealthStatusSchema>;
export type ModelInfo = Static<typeof ModelInfoSchema>;
export type VersionInfo = Static<typeof VersionInfoSchema>;
export type AdminCreateAccountRequest = Static<typeof CreateAccountRequest>;
export type AdminAccountCreated = Static<typeof AccountCreated>;
export type AdminUpdateAccountRequest = Static<typeof UpdateAccountRequest>;
export type AdminAccount = Static<typeof Account>;
