import path from 'node:path';
import { backupEnv } from './backup-env';
import { describeLocation, parseLocation } from './backup-location';
import { runRestore } from './run-restore';

// `npm run restore -- <backup folder | s3://bucket/prefix/<backup name>>` (scripts/restore.mjs runs the
// built copy): into the empty DATA_DIR of the environment, with the server stopped.
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || !args[0]) {
    console.error('Usage: npm run restore -- <backup folder | s3://bucket/prefix/<backup name>>');
    return 1;
  }
  const env = backupEnv();
  const from = parseLocation(args[0]);
  if (from.kind === 'local') from.dir = path.resolve(from.dir);
  console.log(`Restoring ${describeLocation(from)} into ${env.DATA_DIR}`);
  const manifest = await runRestore({ env, from, log: (line) => console.log(`  ${line}`) });
  console.log(
    `Restored the backup of ${manifest.createdAt} (schema ${manifest.database.schemaVersion}, ${manifest.entries.length} entries, every checksum and PRAGMA integrity_check passed).`,
  );
  if (manifest.files.storage === 's3')
    console.log(
      `  The uploaded files were not in the backup: they are in s3://${manifest.files.bucket}/${manifest.files.prefix}`,
    );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`Restore failed: ${error.message}`);
    process.exit(1);
  },
);
