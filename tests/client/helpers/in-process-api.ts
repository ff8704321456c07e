import { createApp } from '../../../src/server/app';
import { connect } from '../../../src/server/db/connect';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { readEnv } from '../../../src/server/env';
import { hashPassword } from '../../../src/server/security/passwords';
import { createStorage } from '../../../src/server/storage/create-storage';
import type { Role } from '../../../src/shared/enums';

export const TEST_PASSWORD = 'Secret#123';

// The real API in-process on a migrated in-memory SQLite, with a clock tests can move forward.
// Client tests hand it their Requests with `app.request`: the only thing replaced is the network.
export async function startInProcessApi() {
  const db = connect({});
  await migrateToLatest(db);
  let current = new Date('2026-11-22T02:00:00.000Z');
  const env = readEnv({
    APP_ENV: 'test',
    JWT_SECRET: 'x'.repeat(40),
    DATA_DIR: '/tmp/recruiter-test',
    MAIL_WORKER: 'false',
  });
  const app = createApp({ db, env, storage: createStorage(env), now: () => new Date(current) });
  const passwordHash = await hashPassword(TEST_PASSWORD);

  let count = 0;
  const createUser = async (values: { roles?: Role[]; needToChangePassword?: boolean; fullName?: string } = {}) => {
    count += 1;
    const email = `user${count}@example.com`;
    const at = current.toISOString();
    await db
      .insertInto('users')
      .values({
        email,
        password_hash: passwordHash,
        full_name: values.fullName ?? `Recruiter ${count}`,
        phone: null,
        roles: JSON.stringify(values.roles ?? ['ROLE_RECRUITER']),
        status: 'ACTIVE',
        need_to_change_password: values.needToChangePassword ? 1 : 0,
        remaining_ai_note_improvement: 20,
        bank_name: null,
        bank_account_name: null,
        bank_account_number: null,
        locale: 'en',
        timezone: 'Asia/Kuala_Lumpur',
        created_at: at,
        updated_at: at,
      })
      .execute();
    return email;
  };

  return {
    app,
    db,
    createUser,
    /** A fetch for `vi.stubGlobal('fetch', …)`. */
    fetch: (input: RequestInfo | URL, init?: RequestInit) => app.request(new Request(input, init)),
    advance: (ms: number) => {
      current = new Date(current.getTime() + ms);
    },
    close: () => db.destroy(),
  };
}
