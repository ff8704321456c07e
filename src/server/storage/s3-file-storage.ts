import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { FileStorage } from './file-storage';

export type S3Settings = {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (endpoint/bucket/key): what MinIO, s3rver and most self-hosted servers need. */
  forcePathStyle: boolean;
  /** A key prefix, so several environments can share a bucket ("staging" and "staging/" both mean "staging/"). */
  prefix?: string;
};

// Any S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces, Garage).
export function s3FileStorage(settings: S3Settings): FileStorage {
  if (Boolean(settings.accessKeyId) !== Boolean(settings.secretAccessKey)) {
    // Half a key pair would silently fall back to the SDK's default credentials (an IAM role, ~/.aws).
    throw new Error('Invalid environment: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Since @aws-sdk/client-s3 3.729 the SDK adds a CRC32 checksum header to every upload and asks for
    // checksums on every download ("WHEN_SUPPORTED"). Several S3-compatible servers refuse those headers
    // (Cloudflare R2 answered 501 NotImplemented, Backblaze B2 and older MinIO likewise; aws-sdk-js-v3
    // issue #6810), so only send and check them where the operation requires it. Uploads are still signed.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const prefix = normalisePrefix(settings.prefix);
  const fullKey = (key: string) => `${prefix}${key}`;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: fullKey(key), Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: fullKey(key) }));
        return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (isMissingKey(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers 204 for a key that does not exist, so deleting twice is fine.
      await client.send(new DeleteObjectCommand({ Bucket, Key: fullKey(key) }));
    },
    async *list(listPrefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: fullKey(listPrefix), ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield { key: object.Key.slice(prefix.length), modifiedAt: object.LastModified ?? new Date() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

/** "" → "", "staging" → "staging/", "/staging/" → "staging/": the prefix is a folder. */
function normalisePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/` : '';
}

// AWS and most servers answer NoSuchKey; some S3-compatible ones only a bare 404. A missing bucket is
// a configuration error, not a missing file.
function isMissingKey(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || (e.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket');
}
