import path from 'node:path';
import type { Env } from '#src/server/env.ts';
import type { FileStorage } from './file-storage';
import { localFileStorage } from './local-file-storage';
import { s3FileStorage } from './s3-file-storage';

/** S3 when S3_BUCKET is set, else DATA_DIR/files. */
export function createStorage(env: Env): FileStorage {
  if (env.S3_BUCKET) {
    return s3FileStorage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      prefix: env.S3_PREFIX,
    });
  }
  return localFileStorage(path.join(env.DATA_DIR, 'files'));
}
