#!/usr/bin/env node
// `npm run create-admin -- --email admin@example.com --name "Full Name"`: the first admin of an install
// that seeds no demo data (production). Prints a single-use link to set the password
// (src/server/cli/create-admin-main.ts). Uses the same environment as `npm start` (DATA_DIR, DATABASE_URL).
import { ensureBuilt, runNode } from './built-server.mjs';

await ensureBuilt('create-admin.js', 'create-admin');
process.exit(await runNode(['dist/server/create-admin.js', ...process.argv.slice(2)]));
