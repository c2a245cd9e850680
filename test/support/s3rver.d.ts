// The little of s3rver (a local S3-compatible server, dev dependency, no types of its own) the tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  type Options = {
    port?: number;
    address?: string;
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs?: string[] }[];
  };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
