import type { Env } from '#src/server/env.ts';
import type { FileStorage } from '#src/server/storage/file-storage.ts';
import { s3FileStorage } from '#src/server/storage/s3-file-storage.ts';

// Where a backup goes or comes from: a local folder, or an S3 prefix (`s3://bucket/some/prefix`) reached
// with the same S3_ENDPOINT / S3_REGION / S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY as the file storage.
export type BackupLocation = { kind: 'local'; dir: string } | { kind: 's3'; bucket: string; prefix: string };

export function parseLocation(text: string): BackupLocation {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(text);
  if (!match) return { kind: 'local', dir: text };
  return { kind: 's3', bucket: match[1] as string, prefix: (match[2] as string).replace(/^\/+|\/+$/g, '') };
}

export const describeLocation = (location: BackupLocation) =>
  location.kind === 'local' ? location.dir : `s3://${location.bucket}/${location.prefix}`;

/** An S3 view of one backup folder: keys are the backup's paths (manifest.json, app.db, files/…). */
export function s3BackupFolder(env: Env, bucket: string, prefix: string): FileStorage {
  return s3FileStorage({
    bucket,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix,
  });
}
