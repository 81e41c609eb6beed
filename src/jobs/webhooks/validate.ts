// Request-time validation of webhook fields (DECISIONS §5). The DNS check happens at connect time
// (deliver.ts, pinned); here literal addresses and obviously local names are refused early.
import { isIP } from 'node:net';
import { LIMITS } from '../../config.js';
import { ServiceError } from '../../errors/service-error.js';
import { isAllowListed, isPublicAddress } from './address-policy.js';

const LOCAL_NAMES = /^(localhost|.*\.localhost|.*\.local|.*\.internal)$/i;

export function validateWebhookTarget(rawUrl: string, secret: string, allowHosts: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new ServiceError('invalid_request', 'webhook must be an absolute URL.');
  }
  if (url.username || url.password) throw new ServiceError('invalid_request', 'webhook must not carry credentials.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allowed = isAllowListed(host, allowHosts);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed)) {
    throw new ServiceError('invalid_request', 'webhook must be an https URL.');
  }
  if (!allowed) {
    if (isIP(host) !== 0 && !isPublicAddress(host)) throw new ServiceError('invalid_request', 'webhook must point to a public address.');
    if (isIP(host) === 0 && (LOCAL_NAMES.test(host) || !host.includes('.'))) throw new ServiceError('invalid_request', 'webhook must point to a public host.');
  }
  if (secret.length < LIMITS.webhookSecretMinLength) {
    throw new ServiceError('invalid_request', `webhook_secret must be at least ${LIMITS.webhookSecretMinLength} characters.`);
  }
  return url;
}
