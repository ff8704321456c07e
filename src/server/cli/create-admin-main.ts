import path from 'node:path';
import { connect } from '#src/server/db/connect.ts';
import { migrateToLatest } from '#src/server/db/migrate.ts';
import { readEnv } from '#src/server/env.ts';
import { makePrivateDirSync } from '#src/server/private-paths.ts';
import { sealingKeysOf } from '#src/server/security/sealing.ts';
import { createStorage } from '#src/server/storage/create-storage.ts';
import { createAdmin, parseCreateAdminArgs } from './create-admin';

// `npm run create-admin -- --email ... --name ...` (scripts/create-admin.mjs runs the built copy of this
// file): same environment and database as the server (SQLite under DATA_DIR, or DATABASE_URL), migrated
// first so it works before the server's first start. Exit 0 when the admin was created, 1 otherwise.
async function main(): Promise<number> {
  const input = parseCreateAdminArgs(process.argv.slice(2));
  if ('error' in input) {
    console.error(input.error);
    return 1;
  }
  const env = readEnv();
  makePrivateDirSync(env.DATA_DIR);
  const db = connect({ databaseUrl: env.DATABASE_URL, sqliteFile: path.join(env.DATA_DIR, 'app.db') });
  try {
    await migrateToLatest(db, { sealingKeys: sealingKeysOf(env) });
    const result = await createAdmin({ db, env, storage: createStorage(env), now: () => new Date() }, input);
    if (!result.created) {
      console.error(`An account with the e-mail ${result.email} already exists: nothing was changed.`);
      return 1;
    }
    console.log(
      `Admin ${result.email} created. To choose a password, open this link (single use, until ${result.expiresAt}):`,
    );
    console.log(`  ${result.link}`);
    console.log('Keep the link private. If it expires, use "Forgot password?" on the login page.');
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
