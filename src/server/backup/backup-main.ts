import path from 'node:path';
import { backupEnv } from './backup-env';
import { describeLocation, parseLocation } from './backup-location';
import { runBackup } from './run-backup';

// `npm run backup [-- --to <folder | s3://bucket/prefix>]` (scripts/backup.mjs runs the built copy). Same
// environment as the server. Without --to: BACKUP_DIR, else a "backups" folder beside DATA_DIR (never
// inside it: a restore needs an empty DATA_DIR, and a backup inside would copy the older backups).
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const valid = args.length === 0 || (args.length === 2 && args[0] === '--to' && Boolean(args[1]));
  if (!valid) {
    console.error('Usage: npm run backup [-- --to <folder | s3://bucket/prefix>]');
    return 1;
  }
  const env = backupEnv();
  const to = args[1] || process.env.BACKUP_DIR || path.join(env.DATA_DIR, '..', 'backups');
  const location = parseLocation(to);
  if (location.kind === 'local') location.dir = path.resolve(location.dir);
  console.log(`Backing up ${env.DATA_DIR} to ${describeLocation(location)}`);
  const { location: written, manifest } = await runBackup({ env, location, log: (line) => console.log(`  ${line}`) });
  const rows = Object.values(manifest.database.tables).reduce((sum, n) => sum + n, 0);
  const files = manifest.entries.filter((entry) => entry.path.startsWith('files/')).length;
  console.log(`Backup written: ${written}`);
  console.log(
    `  schema ${manifest.database.schemaVersion}, ${rows} rows, ${files} files, ${manifest.entries.length} entries`,
  );
  if (manifest.files.storage === 's3') console.log(`  ${manifest.files.note}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`Backup failed: ${error.message}`);
    process.exit(1);
  },
);
