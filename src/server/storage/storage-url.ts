// STORAGE_URL (issue #28, decision 894): where uploads live. Unset: the local disk (UPLOADS_DIR).
// `s3://bucket[/prefix]?endpoint=http://host:port&region=...&forcePathStyle=true`: S3-compatible
// object storage, credentials from the AWS SDK's own chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
// AWS_SESSION_TOKEN, AWS_PROFILE, an instance role...), never from the URL. Imports only zod.
import { z } from 'zod';

export type S3Location = {
  bucket: string;
  /** Prepended to every key ("" or "dinohunt/" with its trailing slash). */
  prefix: string;
  /** The S3 API's base URL; undefined = AWS itself (from the region). */
  endpoint: string | undefined;
  region: string;
  /** Path-style URLs (endpoint/bucket/key), which MinIO, s3rver and most S3-compatible servers need. */
  forcePathStyle: boolean;
};

const PARAMETERS = ['endpoint', 'region', 'forcePathStyle'] as const;
/** S3's bucket naming rules (3 to 63 lowercase letters, digits, dots and hyphens, a letter or digit at each end). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^([A-Za-z0-9._-]+\/)*$/;
const DEFAULT_REGION = 'us-east-1';

/** The parsed URL, or the reason it cannot be used (for the start-up error). */
export function parseStorageUrl(value: string): S3Location | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an s3://bucket?endpoint=... URL, or unset for the local disk (UPLOADS_DIR)';
  }
  if (url.protocol !== 's3:') return `must start with s3:// (got ${url.protocol}//), or be unset for the local disk (UPLOADS_DIR)`;
  if (url.username || url.password) {
    return 'must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or another AWS credential source) instead';
  }
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) return `bucket "${bucket}" is not a valid S3 bucket name (3 to 63 lowercase letters, digits, dots or hyphens)`;
  const path = decodeURIComponent(url.pathname.replace(/^\/+/, ''));
  const prefix = path === '' || path.endsWith('/') ? path : `${path}/`;
  if (!PREFIX.test(prefix) || prefix.split('/').some((s) => s === '.' || s === '..')) {
    return `key prefix "${path}" may hold only letters, digits, '.', '_', '-' and '/'`;
  }
  for (const key of url.searchParams.keys()) {
    if (!(PARAMETERS as readonly string[]).includes(key)) return `unknown parameter "${key}" (known: ${PARAMETERS.join(', ')})`;
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined) {
    try {
      const parsed = new URL(endpoint);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error();
    } catch {
      return `endpoint "${endpoint}" must be an http(s) URL, e.g. endpoint=http://127.0.0.1:9000`;
    }
  }
  const region = url.searchParams.get('region') ?? DEFAULT_REGION;
  if (!/^[a-z0-9-]+$/.test(region)) return `region "${region}" is not a region name (e.g. us-east-1)`;
  const style = url.searchParams.get('forcePathStyle');
  if (style !== null && style !== 'true' && style !== 'false') return 'forcePathStyle must be true or false';
  // An own endpoint is nearly always an S3-compatible server that wants path-style URLs; AWS itself, virtual-hosted ones.
  const forcePathStyle = style === null ? endpoint !== undefined : style === 'true';
  return { bucket, prefix, endpoint: endpoint?.replace(/\/+$/, ''), region, forcePathStyle };
}

/** The zod field of config.ts: unset or empty = local disk; otherwise a usable s3:// URL or a clear start-up error. */
export const StorageUrl = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): S3Location | undefined => {
    if (!value) return undefined;
    const parsed = parseStorageUrl(value);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  });
