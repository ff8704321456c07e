// The build stamp: a content hash of everything the build reads. build.mjs writes it next to the output;
// start.mjs rebuilds when it no longer matches, so `npm start` never serves a stale or missing build.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const STAMP_FILE = path.join(ROOT, 'dist', '.build-stamp');

const INPUT_DIRS = ['src', 'sw', 'public', 'messages'];
const INPUT_FILES = [
  'index.html',
  'talent.html',
  'vite.config.ts',
  'vite.talent.config.ts',
  'scripts/vite-client-plugins.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts/build.mjs',
  'scripts/build-stamp.mjs',
  'scripts/paraglide-options.mjs',
];
// Generated during the build itself (or caches): hashing them would make every build look stale.
const IGNORED = new Set(['src/paraglide', 'src/routeTree.gen.ts', 'messages/project.inlang/cache']);

function listFiles(relativeDir, out) {
  const dir = path.join(ROOT, relativeDir);
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const relative = `${relativeDir}/${entry.name}`;
    if (IGNORED.has(relative) || entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) listFiles(relative, out);
    else if (entry.isFile()) out.push(relative);
  }
}

export function sourceHash() {
  const files = [];
  for (const dir of INPUT_DIRS) listFiles(dir, files);
  for (const file of INPUT_FILES) if (existsSync(path.join(ROOT, file))) files.push(file);
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when dist/ holds a complete build of the current sources. */
export function buildIsCurrent() {
  const outputs = [
    'dist/client/index.html',
    'dist/client/sw.js',
    'dist/server/index.js',
    'dist/server/resume-worker.js',
  ];
  if (!outputs.every((file) => existsSync(path.join(ROOT, file)) && statSync(path.join(ROOT, file)).size > 0))
    return false;
  try {
    const stamp = JSON.parse(readFileSync(STAMP_FILE, 'utf8'));
    return stamp.hash === sourceHash();
  } catch {
    return false;
  }
}
