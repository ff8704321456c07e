import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '#src/server/env.ts';
import { createStorage } from '#src/server/storage/create-storage.ts';
import type { FileStorage } from '#src/server/storage/file-storage.ts';
import { localFileStorage } from '#src/server/storage/local-file-storage.ts';
import { type S3Settings, s3FileStorage } from '#src/server/storage/s3-file-storage.ts';
import { newStorageKey } from '#src/server/storage/storage-key.ts';
import { type S3TestServer, startS3Server } from './helpers/s3-server';

// The S3 adapter is tested against a real S3-compatible server (s3rver, helpers/s3-server.ts).
const BUCKET = 'recruiter-files';
const temporaryDirs: string[] = [];
const tempDir = (label: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `recruiter-storage-${label}-`));
  temporaryDirs.push(dir);
  return dir;
};

let s3rver: S3TestServer;
let endpoint: string;
beforeAll(async () => {
  s3rver = await startS3Server(BUCKET);
  endpoint = s3rver.endpoint;
});

afterAll(async () => {
  await s3rver?.close();
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

const s3Settings = (overrides: Partial<S3Settings> = {}): S3Settings => ({ ...s3rver.settings, ...overrides });

const keysInBucket = async (): Promise<string[]> => {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const answer = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  client.destroy();
  return (answer.Contents ?? []).map((object) => object.Key ?? '');
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const text = (value: string) => new TextEncoder().encode(value);

// A real 1×1 PNG: signature, IHDR, IDAT, IEND (bytes above 0x7f, NUL bytes, CR/LF: nothing may be mangled).
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

const adapters: { name: string; open: () => FileStorage }[] = [
  { name: 'local disk', open: () => localFileStorage(path.join(tempDir('local'), 'files')) },
  // A prefix of its own per storage, so the suites share the bucket without seeing each other's keys.
  {
    name: 'S3 (s3rver)',
    open: () => s3FileStorage(s3Settings({ prefix: `contract-${randomBytes(4).toString('hex')}` })),
  },
];

describe.each(adapters)('file storage on $name', ({ open }) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = open();
  });

  it('gives back exactly the bytes of a PNG it stored', async () => {
    await storage.put('resume/photo.png', PNG, 'image/png');

    const bytes = await storage.get('resume/photo.png');

    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(bytes as Uint8Array).equals(Buffer.from(PNG))).toBe(true);
  });

  it('stores a file of the 5,000,000-byte upload limit byte for byte', async () => {
    const large = new Uint8Array(randomBytes(5_000_000));
    await storage.put('resume/large.bin', large, 'application/octet-stream');

    const bytes = await storage.get('resume/large.bin');

    expect(bytes?.byteLength).toBe(5_000_000);
    expect(sha256(bytes as Uint8Array)).toBe(sha256(large));
  });

  it('answers null for a key it never stored', async () => {
    expect(await storage.get('resume/never-stored.pdf')).toBeNull();
  });

  it('forgets a file once it is deleted', async () => {
    await storage.put('call-proof/deleted.pdf', text('%PDF-1.4 proof'), 'application/pdf');

    await storage.delete('call-proof/deleted.pdf');

    expect(await storage.get('call-proof/deleted.pdf')).toBeNull();
  });

  it('accepts deleting a key that does not exist, twice', async () => {
    await expect(storage.delete('call-proof/never-stored.pdf')).resolves.toBeUndefined();
    await expect(storage.delete('call-proof/never-stored.pdf')).resolves.toBeUndefined();
  });

  it('replaces a file stored again under the same key', async () => {
    await storage.put('resume/replaced.txt', text('first version, the longer one'), 'text/plain');
    await storage.put('resume/replaced.txt', text('second'), 'text/plain');

    expect(new TextDecoder().decode((await storage.get('resume/replaced.txt')) ?? undefined)).toBe('second');
  });

  it('keeps server-generated keys with folders apart', async () => {
    const now = new Date('2026-11-23T04:00:00.000Z');
    const resumeKey = newStorageKey('resume', 'pdf', now);
    const proofKey = newStorageKey('call-proof', 'png', now);

    await storage.put(resumeKey, text('resume'), 'application/pdf');
    await storage.put(proofKey, PNG, 'image/png');

    expect(new TextDecoder().decode((await storage.get(resumeKey)) ?? undefined)).toBe('resume');
    expect(Buffer.from((await storage.get(proofKey)) as Uint8Array).equals(Buffer.from(PNG))).toBe(true);
    expect(await storage.get(`resume/2026-11/${path.basename(proofKey)}`)).toBeNull();
  });
});

describe('storage keys', () => {
  it('are made by the server from the purpose, the month and a random id, never from the uploaded name', () => {
    const now = new Date('2026-11-23T04:00:00.000Z');
    const key = newStorageKey('resume', 'PDF', now);

    expect(key).toMatch(/^resume\/2026-11\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.pdf$/);
    expect(newStorageKey('resume', 'pdf', now)).not.toBe(newStorageKey('resume', 'pdf', now));
  });

  it('keep only letters and digits of the extension', () => {
    const now = new Date('2026-11-23T04:00:00.000Z');

    expect(newStorageKey('call-proof', '../../etc/passwd', now)).toMatch(
      /^call-proof\/2026-11\/[0-9a-f-]{36}\.etcpasswd$/,
    );
    expect(newStorageKey('call-proof', '', now)).toMatch(/\.bin$/);
  });
});

describe('local disk storage', () => {
  it('refuses a key that would leave its folder', async () => {
    const root = path.join(tempDir('local-escape'), 'files');
    const storage = localFileStorage(root);

    await expect(storage.put('../x', text('outside'), 'text/plain')).rejects.toThrow(/outside the root/);
    await expect(storage.put('resume/../../x', text('outside'), 'text/plain')).rejects.toThrow(/outside the root/);
    await expect(storage.put('/tmp/x', text('outside'), 'text/plain')).rejects.toThrow(/outside the root/);
    await expect(storage.get('../x')).rejects.toThrow(/outside the root/);
    await expect(storage.delete('../x')).rejects.toThrow(/outside the root/);
    expect(existsSync(path.join(root, '..', 'x'))).toBe(false);
  });

  it('leaves only the file itself after a put, no temporary .part file', async () => {
    const root = path.join(tempDir('local-part'), 'files');
    const storage = localFileStorage(root);

    await storage.put('resume/2026-11/a.pdf', text('%PDF-1.4'), 'application/pdf');

    expect(readdirSync(root, { recursive: true }).map(String).sort()).toEqual([
      'resume',
      path.join('resume', '2026-11'),
      path.join('resume', '2026-11', 'a.pdf'),
    ]);
  });

  it('cleans up its temporary file when a put fails', async () => {
    const root = path.join(tempDir('local-fail'), 'files');
    const storage = localFileStorage(root);
    mkdirSync(path.join(root, 'resume', 'taken', 'inner'), { recursive: true });

    // The key names an existing folder, so the final rename fails.
    await expect(storage.put('resume/taken', text('x'), 'text/plain')).rejects.toThrow();

    expect(readdirSync(path.join(root, 'resume'))).toEqual(['taken']);
  });

  it('lists what is there when files go while it lists (a backup under write load met a renamed .part)', async () => {
    const root = path.join(tempDir('local-list'), 'files');
    const storage = localFileStorage(root);
    for (const name of ['a', 'b', 'c', 'd'])
      await storage.put(`resume/2026-11/${name}.pdf`, text(name), 'application/pdf');

    const listed: string[] = [];
    for await (const object of storage.list('resume/')) {
      // The folder was read before the first answer: the files deleted now are gone when it reaches them.
      if (listed.length === 0) {
        for (const name of ['a', 'b', 'c', 'd']) {
          if (`resume/2026-11/${name}.pdf` !== object.key) await storage.delete(`resume/2026-11/${name}.pdf`);
        }
      }
      listed.push(object.key);
    }

    expect(listed).toHaveLength(1);
  });
});

describe('S3 storage', () => {
  it('puts every object under the configured prefix, as a folder', async () => {
    const storage = s3FileStorage(s3Settings({ prefix: 'staging' }));

    await storage.put('resume/2026-11/prefixed.pdf', text('%PDF-1.4'), 'application/pdf');

    const keys = await keysInBucket();
    expect(keys).toContain('staging/resume/2026-11/prefixed.pdf');
    expect(keys).not.toContain('resume/2026-11/prefixed.pdf');
    const unprefixed = s3FileStorage(s3Settings());
    expect(await unprefixed.get('resume/2026-11/prefixed.pdf')).toBeNull();
    expect(await unprefixed.get('staging/resume/2026-11/prefixed.pdf')).not.toBeNull();
  });

  it('lets several server instances share the files in one bucket', async () => {
    const instanceA = s3FileStorage(s3Settings({ prefix: 'shared/' }));
    const instanceB = s3FileStorage(s3Settings({ prefix: 'shared/' }));

    await instanceA.put('resume/2026-11/shared.png', PNG, 'image/png');
    expect(Buffer.from((await instanceB.get('resume/2026-11/shared.png')) as Uint8Array).equals(Buffer.from(PNG))).toBe(
      true,
    );

    await instanceB.delete('resume/2026-11/shared.png');
    expect(await instanceA.get('resume/2026-11/shared.png')).toBeNull();
  });

  it('fails loudly when the bucket does not exist, instead of reporting a missing file', async () => {
    const storage = s3FileStorage(s3Settings({ bucket: 'no-such-bucket' }));

    await expect(storage.get('resume/x.pdf')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(storage.put('resume/x.pdf', text('x'), 'application/pdf')).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });

  it('refuses half a key pair instead of silently using other credentials', () => {
    expect(() => s3FileStorage(s3Settings({ secretAccessKey: undefined }))).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });
});

describe('createStorage', () => {
  it('stores files on local disk under DATA_DIR/files when S3_BUCKET is not set', async () => {
    const dataDir = tempDir('env-local');
    const storage = createStorage(readEnv({ DATA_DIR: dataDir, S3_ENDPOINT: endpoint }));

    await storage.put('resume/2026-11/local.pdf', text('%PDF-1.4 local'), 'application/pdf');

    expect(storage.kind).toBe('local');
    expect(readFileSync(path.join(dataDir, 'files', 'resume', '2026-11', 'local.pdf'), 'utf8')).toBe('%PDF-1.4 local');
  });

  it('stores files in the S3 bucket when S3_BUCKET is set', async () => {
    const dataDir = tempDir('env-s3');
    const storage = createStorage(
      readEnv({
        DATA_DIR: dataDir,
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_PREFIX: 'from-env',
      }),
    );

    await storage.put('resume/2026-11/remote.pdf', text('%PDF-1.4 remote'), 'application/pdf');

    expect(storage.kind).toBe('s3');
    expect(await keysInBucket()).toContain('from-env/resume/2026-11/remote.pdf');
    expect(existsSync(path.join(dataDir, 'files'))).toBe(false);
  });
});
