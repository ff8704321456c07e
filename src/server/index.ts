import path from 'node:path';
import { createApp } from './app';
import type { AppDeps, Lifecycle } from './context';
import { connect } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { seedDemo } from './db/seed-demo';
import { closeGracefully } from './drain';
import { readEnv } from './env';
import { killAfter } from './exit-deadline';
import { startMailWorker } from './jobs/mail-worker';
import { startMaintenance } from './jobs/maintenance';
import { startNotificationWorker } from './jobs/notification-worker';
import { startResumeParser } from './jobs/resume-parser';
import { listen } from './listen';
import { createLogger, flushLogs, loggedError, logger, setLogger } from './observability/logger';
import { resealOldValues } from './personal-data/reseal';
import { makePrivateDirSync } from './private-paths';
import { sealingKeysOf } from './security/sealing';
import { createStorage } from './storage/create-storage';
import { webHandler } from './web';

// Node entry: env, migrate, seed on an empty database, serve the API and the built PWA.
async function main() {
  let env: ReturnType<typeof readEnv>;
  try {
    env = readEnv();
  } catch (error) {
    logger.fatal({ area: 'boot' }, (error as Error).message);
    return exitAfterLogs(1);
  }
  setLogger(createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT }));
  // The database, uploads, .eml files and the local JWT secret live here: this user's only (issue 22).
  makePrivateDirSync(env.DATA_DIR);
  const db = connect({ databaseUrl: env.DATABASE_URL, sqliteFile: path.join(env.DATA_DIR, 'app.db') });
  // The keys seal the bank details a database from before issue 46 stored as typed (migration 021), and
  // seal again, under the first key, values an older key sealed (a rotation).
  const sealingKeys = sealingKeysOf(env);
  await migrateToLatest(db, { sealingKeys });
  const resealed = await resealOldValues(db, sealingKeys);
  if (resealed.resealed > 0) logger.info({ area: 'sealing', ...resealed }, 'values sealed again with the first key');
  const lifecycle: Lifecycle = { draining: false };
  const deps: AppDeps = { db, env, storage: createStorage(env), now: () => new Date(), lifecycle };
  const seeded = env.SEED_DEMO ? await seedDemo(deps) : null;

  const clientDir = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
  const app = createApp(deps, { web: webHandler({ clientDir, env }) });
  const worker = env.MAIL_WORKER ? startMailWorker(deps) : null;
  // The same switch: an instance that sends e-mails also fans out notifications and sends pushes.
  const notifier = env.MAIL_WORKER ? startNotificationWorker(deps) : null;
  const maintenance = startMaintenance(deps);
  const resumeParser = startResumeParser(deps);

  const server = listen(app.fetch, env, (info) => {
    logger.info(
      `Recruiter is running at ${env.APP_URL} (listening on ${info.address}:${info.port}, ${env.DATABASE_URL ? 'PostgreSQL' : `SQLite ${path.join(env.DATA_DIR, 'app.db')}`})`,
    );
    if (seeded) {
      logger.info('Demo data created. Log in with:');
      // In production DEMO_PASSWORD is the operator's own (env.ts): it stays out of the log.
      for (const account of seeded.accounts)
        logger.info(
          `  ${account.role.padEnd(22)} ${account.email}  /  ${env.APP_ENV === 'production' ? '(DEMO_PASSWORD)' : env.DEMO_PASSWORD}`,
        );
    }
  });

  // A stop loses nothing: /api/ready says no from the signal on, the server takes no new connection,
  // the requests in flight (an upload included) are answered, and the workers finish the item each is
  // on; then the database closes. SHUTDOWN_TIMEOUT_MS bounds it; a second signal ends it at once. Every
  // exit writes the last log lines within a second and then gives up on them (a stdout nobody reads
  // must not hold the exit), and a thread of its own kills the process a few seconds past the deadline
  // if the main thread never gets there.
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ area: 'shutdown', signal }, 'signal again: stopping now');
      return exitAfterLogs(1, 200);
    }
    stopping = true;
    lifecycle.draining = true;
    killAfter(env.SHUTDOWN_TIMEOUT_MS + LAST_RESORT_MS);
    logger.info({ area: 'shutdown', signal }, "finishing the requests in flight and the workers' current items");
    const deadline = setTimeout(() => {
      logger.error(
        { area: 'shutdown', timeoutMs: env.SHUTDOWN_TIMEOUT_MS },
        'not finished within SHUTDOWN_TIMEOUT_MS: stopping now',
      );
      void exitAfterLogs(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    await Promise.all([
      closeGracefully(server),
      maintenance.stop(),
      worker?.stop(),
      notifier?.stop(),
      resumeParser.stop(),
    ]);
    await db.destroy();
    logger.info({ area: 'shutdown' }, 'stopped');
    await exitAfterLogs(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** How long past SHUTDOWN_TIMEOUT_MS the last resort waits: the deadline's own exit takes at most ~1 s. */
const LAST_RESORT_MS = 5_000;

async function exitAfterLogs(code: number, timeoutMs?: number): Promise<never> {
  await flushLogs(timeoutMs);
  process.exit(code);
}

main().catch((error) => {
  logger.fatal({ area: 'boot', error: loggedError(error) }, 'the server stopped');
  void exitAfterLogs(1);
});
