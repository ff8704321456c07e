import type { DB } from '#src/server/db/connect.ts';
import type { Env } from '#src/server/env.ts';
import type { DataLocation, DataLocations } from '#src/shared/access-log-types.ts';

// Where personal data is kept or sent (issue 24 part 5, cross-border), read from the configuration this
// server runs with. Only hosts, regions, buckets and model names: never a key, a password or a user name
// (SMTP_URL and DATABASE_URL may carry credentials, so only their host is read).

// A host on this machine: data sent there does not leave the server.
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?|0\.0\.0\.0)$/i;

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

const leaves = (host: string) => !LOOPBACK.test(host);

// AWS's own endpoint for a region, which the SDK uses when S3_ENDPOINT is not set.
const awsS3Host = (region: string) => `s3.${region}.amazonaws.com`;

/**
 * Push notifications (issue 25) go through whichever push services the subscribed devices use: the hosts
 * are read from the subscriptions (a sample is enough: there are a handful of push services).
 */
export async function pushLocation(db: DB): Promise<DataLocation> {
  const rows = await db.selectFrom('push_subscriptions').select('endpoint').orderBy('id', 'desc').limit(2000).execute();
  const hosts = [...new Set(rows.map((row) => hostOf(row.endpoint)).filter(Boolean))].sort();
  return { kind: 'WEB_PUSH', hosts, leavesServer: hosts.some(leaves) };
}

export async function dataLocations(env: Env, db: DB): Promise<DataLocations> {
  let files: DataLocation = { kind: 'LOCAL_DISK', leavesServer: false };
  if (env.S3_BUCKET) {
    const host = env.S3_ENDPOINT ? hostOf(env.S3_ENDPOINT) : awsS3Host(env.S3_REGION);
    files = { kind: 'S3', host, region: env.S3_REGION, bucket: env.S3_BUCKET, leavesServer: leaves(host) };
  }

  let ai: DataLocation = { kind: 'BUILTIN_AI', leavesServer: false };
  // The same rule as noteEngine: the outside model answers only when both are set.
  if (env.AI_BASE_URL && env.AI_MODEL) {
    const host = hostOf(env.AI_BASE_URL);
    ai = { kind: 'OPENAI_COMPATIBLE', host, model: env.AI_MODEL, leavesServer: leaves(host) };
  }

  let email: DataLocation = { kind: 'EML_FILES', leavesServer: false };
  if (env.MAIL_TRANSPORT === 'smtp' && env.SMTP_URL) {
    const host = hostOf(env.SMTP_URL);
    email = { kind: 'SMTP', host, leavesServer: leaves(host) };
  }

  let database: DataLocation = { kind: 'SQLITE', leavesServer: false };
  if (env.DATABASE_URL) {
    const host = hostOf(env.DATABASE_URL) || 'localhost';
    database = { kind: 'POSTGRES', host, leavesServer: leaves(host) };
  }

  return { files, ai, email, database, push: await pushLocation(db) };
}
