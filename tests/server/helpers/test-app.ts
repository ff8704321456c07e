import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '#src/server/app.ts';
import type { AppDeps } from '#src/server/context.ts';
import { connect, type DB, directSqlite } from '#src/server/db/connect.ts';
import { readEnv } from '#src/server/env.ts';
import { type StoredPayout, sealPayout } from '#src/server/personal-data/sealed-details.ts';
import { hashPassword } from '#src/server/security/passwords.ts';
import { sealingKeysOf } from '#src/server/security/sealing.ts';
import { createStorage } from '#src/server/storage/create-storage.ts';
import { migrateForTest } from './migrate-for-test';
import { takeSchema } from './pg-schemas';

// Every API suite runs on SQLite, and again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
export const DIALECTS = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres' as const] : [])] as const;
export type Dialect = (typeof DIALECTS)[number];

export const TEST_PASSWORD = 'Secret#123';
// Hashed once per file (argon2id, as the app hashes): each test user gets the same hash of the same password.
let testPasswordHash: Promise<string> | undefined;
const hashedTestPassword = () => {
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  return testPasswordHash;
};

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// Each SQLite test app starts from a copy of one database migrated once per file (a serialised image):
// the same schema and state as migrating it again, without running every migration per test.
let sqliteTemplate: Promise<Buffer> | undefined;
const migratedSqlite = () => {
  sqliteTemplate ??= (async () => {
    const template = connect({});
    try {
      await migrateForTest(template);
      const image = directSqlite(template)?.serialize();
      if (!image) throw new Error('no SQLite connection behind the template');
      return image;
    } finally {
      await template.destroy();
    }
  })();
  return sqliteTemplate;
};

// A fresh, migrated database (a new schema on PostgreSQL), the real app, and a clock tests can move.
export async function createTestApp(
  dialect: Dialect,
  envOverrides: Record<string, string> = {},
  options: { sqliteFile?: string } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'recruiter-test-'));
  let db: DB;
  let releaseDb = () => db.destroy();
  if (dialect === 'postgres') {
    ({ db, release: releaseDb } = await takeSchema());
  } else if (options.sqliteFile) {
    db = connect({ sqliteFile: options.sqliteFile });
    await migrateForTest(db);
  } else {
    db = connect({ sqliteImage: await migratedSqlite() });
  }

  let current = new Date('2026-11-22T02:00:00.000Z');
  const clock = {
    now: () => new Date(current),
    advance: (ms: number) => {
      current = new Date(current.getTime() + ms);
    },
  };
  const env = readEnv({
    APP_ENV: 'test',
    APP_URL: 'https://recruiter.example',
    JWT_SECRET: 'test-secret-'.padEnd(48, 'x'),
    DATA_DIR: dataDir,
    MAIL_WORKER: 'false',
    TRUST_PROXY: 'true',
    ...envOverrides,
  });
  const deps: AppDeps = { db, env, storage: createStorage(env), now: clock.now };
  const app = createApp(deps);

  const request = (pathname: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (json !== undefined) headers.set('content-type', 'application/json');
    return app.request(pathname, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
  };

  let userCount = 0;
  const createUser = async (
    values: {
      email?: string;
      roles?: string[];
      status?: 'ACTIVE' | 'DEACTIVATE';
      needToChangePassword?: boolean;
      locale?: string;
    } = {},
  ) => {
    userCount += 1;
    const email = values.email ?? `user${userCount}@example.com`;
    const at = clock.now().toISOString();
    const row = await db
      .insertInto('users')
      .values({
        email,
        password_hash: await hashedTestPassword(),
        full_name: `Test User ${userCount}`,
        phone: null,
        roles: JSON.stringify(values.roles ?? ['ROLE_RECRUITER']),
        status: values.status ?? 'ACTIVE',
        need_to_change_password: values.needToChangePassword ? 1 : 0,
        remaining_ai_note_improvement: 20,
        locale: values.locale ?? 'en',
        timezone: 'Asia/Kuala_Lumpur',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, email };
  };

  /** Bank details saved for the user, sealed as the account page saves them (issue 46). */
  const setPayout = async (userId: number, payout: StoredPayout) => {
    await db
      .updateTable('users')
      .set({ payout_sealed: sealPayout(sealingKeysOf(env), userId, payout) })
      .where('id', '=', userId)
      .execute();
  };

  const login = async (email: string, rememberMe = false, ip = '10.0.0.1') => {
    const res = await request('/api/auth/login', {
      method: 'POST',
      json: { email, password: TEST_PASSWORD, rememberMe },
      headers: { 'x-forwarded-for': ip },
    });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as { accessToken: string; refreshToken: string; token: string };
  };

  const close = async () => {
    await releaseDb();
    rmSync(dataDir, { recursive: true, force: true });
  };

  return { app, deps, db, env, clock, request, createUser, setPayout, login, close };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
