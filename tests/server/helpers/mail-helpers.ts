import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import type { AppDeps } from '#src/server/context.ts';
import { connect, type DB } from '#src/server/db/connect.ts';
import { readEnv } from '#src/server/env.ts';
import { createStorage } from '#src/server/storage/create-storage.ts';
import { migrateForTest } from './migrate-for-test';

// Small setup for the mail worker and demo seed suites: a fresh migrated database per test (a new
// schema on PostgreSQL when TEST_DATABASE_URL is set), a temporary DATA_DIR and a clock tests move.
export const DATABASES = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres' as const] : [])] as const;
export type DatabaseKind = (typeof DATABASES)[number];

export async function freshDatabase(kind: DatabaseKind): Promise<{ db: DB; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const db = connect({});
    await migrateForTest(db);
    return { db, drop: () => db.destroy() };
  }
  const base = process.env.TEST_DATABASE_URL as string;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = connect({ databaseUrl: base });
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = connect({ databaseUrl: url.toString() });
  await migrateForTest(db);
  return {
    db,
    async drop() {
      await db.destroy();
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
      await admin.destroy();
    },
  };
}

export type TestDeps = AppDeps & {
  dataDir: string;
  advance(ms: number): void;
  setNow(date: Date): void;
  close(): Promise<void>;
};

export async function createDeps(kind: DatabaseKind, envOverrides: Record<string, string> = {}): Promise<TestDeps> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'recruiter-mail-'));
  const { db, drop } = await freshDatabase(kind);
  let current = new Date('2026-11-22T02:00:00.000Z');
  const env = readEnv({
    APP_ENV: 'test',
    APP_URL: 'https://recruiter.example',
    JWT_SECRET: 'x'.repeat(40),
    DATA_DIR: dataDir,
    MAIL_WORKER: 'false',
    ...envOverrides,
  });
  return {
    db,
    env,
    storage: createStorage(env),
    dataDir,
    now: () => new Date(current),
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
    setNow: (date) => {
      current = new Date(date);
    },
    async close() {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type ReceivedMail = { from: string; to: string[]; raw: string };

// A real SMTP peer on 127.0.0.1 (no TLS, no auth) that keeps what it receives.
/** `hold`: each message is accepted only once it settles (an SMTP server slow to answer DATA). */
export async function startSmtpServer(
  port = 0,
  options: { hold?: Promise<void>; onMessage?: () => void } = {},
): Promise<{
  port: number;
  received: ReceivedMail[];
  stop(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        options.onMessage?.();
        await options.hold;
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Enough MIME decoding to read a message nodemailer wrote: quoted-printable soft breaks and escapes.
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
