#!/usr/bin/env node
// `npm start`: builds when dist/ is missing or older than the sources (the stamp says), then runs the
// built server in the foreground. Works on a fresh clone right after `npm install`.
import { ensureBuilt, runNode } from './built-server.mjs';

await ensureBuilt('index.js', 'start');
process.exit(await runNode(['dist/server/index.js']));
