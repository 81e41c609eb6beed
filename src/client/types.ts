// Wire types of the client. TEMPORARY local shapes (spec §2) until src/api/schemas lands; then
// these become `Static<typeof …>` of the server's own TypeBox schemas.

export type JobStatusName = 'queued' | 'warming' | 'processing' | 'completed' | 'failed';
export interface ApiKey { key_id: string; last4: string; scopes: string[]; created_at: string; revoked_at?: string; tier?: string }
export interface ApiKeyCreated { key: string; key_id: string; last4: string; scopes: string[]; created_at?: string }
export interface ApiKeyList { keys: ApiKey[] }
export interface CreateKeyRequest { scopes?: string[] }
export interface ConvertPage { index: number; markdown: string }
export interface ConvertMeta { pages: number; sha256: string; timing_ms: number; backend: string; model?: string; route_reason?: string }
export interface ConvertResult { markdown: string; pages: ConvertPage[]; meta: ConvertMeta }
export interface JobLinks { self?: string; events?: string; result?: string }
export interface AsyncJob { job_id: string; status: JobStatusName; links: JobLinks }
export interface JobStatus { job_id: string; status: JobStatusName; backend?: string; error_code?: string; pages?: number; pages_done?: number }
export interface UsageMeters {
  tier: string; anonymous: boolean; period: string;
  pages: { used: number; reserved: number; remaining: number; allowance: number };
  concurrency: { in_use: number; limit: number };
  backend_lane: string; api_access: boolean; source?: string; resets_at?: string; unlock_url?: string;
}
export interface HealthStatus { status: string; deps?: Record<string, string> }
export interface ModelInfo { id: string; label: string; license: string; attribution: string; attribution_url: string }
export interface VersionInfo { service: string; version: string; commit?: string; date?: string; models?: ModelInfo[] }
export interface AdminCreateAccountRequest { tier: string; email_verified?: boolean }
export interface AdminAccountCreated { account_id: string; tier: string; key: string; key_id: string }
export interface AdminUpdateAccountRequest { tier?: string; email_verified?: boolean }
export interface AdminAccount { account_id: string; tier: string; email_verified: boolean }
