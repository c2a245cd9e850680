// Limits of upload processing and the file store: image decoding, the S3 existence cache.
// The server's plumbing, not game rules (those are in src/domain/rules.ts).

/** Photos with more pixels than this are refused before they are decoded (sharp's limitInputPixels). */
export const MAX_IMAGE_INPUT_PIXELS = 50_000_000;
/** Photos decoded at once; further uploads wait their turn (each decode may hold ~150 MB). */
export const MAX_CONCURRENT_IMAGE_DECODES = 2;
/**
 * With STORAGE_URL (S3), how long a process trusts what it last learnt about whether a file exists
 * (one HEAD request per file and period). Only the species' USDZ link asks (decision 895): the seed
 * installs those files at start and nothing deletes them.
 */
export const FILE_EXISTS_CACHE_MS = 60_000;
