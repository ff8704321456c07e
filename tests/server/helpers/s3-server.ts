import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3Settings } from '#src/server/storage/s3-file-storage.ts';

// A real S3-compatible server (s3rver) for a test file: on a free port of 127.0.0.1, with one bucket and
// its objects in a temporary folder. s3rver accepts the key pair S3RVER/S3RVER and checks the request
// signatures made with it. It ships no types: the little used here is typed here.
type S3rverServer = { run(): Promise<AddressInfo>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverServer;

export type S3TestServer = {
  endpoint: string;
  /** For s3FileStorage (add a prefix). */
  settings: Omit<S3Settings, 'prefix'>;
  /** The app's variables to reach this server (add S3_BUCKET, and S3_PREFIX, to keep its files there). */
  env: Record<string, string>;
  /** Stops the server and deletes its folder. */
  close(): Promise<void>;
};

export async function startS3Server(bucket: string): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'recruiter-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    settings: {
      bucket,
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    env: {
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
