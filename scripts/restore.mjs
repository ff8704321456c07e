#!/usr/bin/env node
// `npm run restore -- <backup folder | s3://bucket/prefix/<backup name>>`: a backup back into an empty
// DATA_DIR, every checksum verified first (src/server/backup/restore-main.ts). Stop the server first.
import { ensureBuilt, runNode } from './built-server.mjs';

await ensureBuilt('restore.js', 'restore');
process.exit(await runNode(['dist/server/restore.js', ...process.argv.slice(2)]));
