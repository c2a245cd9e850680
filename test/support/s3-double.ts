// A local S3-compatible server for tests (s3rver, from npm): an ephemeral port, a temporary folder,
// one bucket. STORAGE_URL and the AWS credentials it answers with are all an app needs to use it
// (the cluster tests start their processes with `env`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type S3Double = {
  /** STORAGE_URL for the app: s3://bucket?endpoint=http://127.0.0.1:port&forcePathStyle=true */
  storageUrl: string;
  endpoint: string;
  bucket: string;
  /** The credentials s3rver checks signatures with, as the AWS SDK reads them from the environment. */
  env: { AWS_ACCESS_KEY_ID: string; AWS_SECRET_ACCESS_KEY: string; AWS_REGION: string };
  /** Where s3rver keeps the bucket's objects (to look behind the API in tests). */
  dir: string;
  close: () => Promise<void>;
};

export async function startS3Double(bucket = 'dinohunt-test'): Promise<S3Double> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    storageUrl: `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    endpoint,
    bucket,
    env: { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' },
    dir,
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
