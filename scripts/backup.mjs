#!/usr/bin/env node
// `npm run backup [-- --to <folder | s3://bucket/prefix>]`: a consistent backup of the SQLite database
// (while the server runs), the uploaded files and the local secrets, with a manifest
// (src/server/backup/backup-main.ts). Uses the same environment as `npm start` (DATA_DIR, S3_*).
import { ensureBuilt, runNode } from './built-server.mjs';

await ensureBuilt('backup.js', 'backup');
process.exit(await runNode(['dist/server/backup.js', ...process.argv.slice(2)]));
