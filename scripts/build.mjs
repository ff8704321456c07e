#!/usr/bin/env node
// Production build: messages, then the PWA (dist/client), then the Node server (dist/server), then the
// stamp that start.mjs checks. Usage: npm run build
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { compile } from '@inlang/paraglide-js';
import { build } from 'vite';
import { ROOT, STAMP_FILE, sourceHash } from './build-stamp.mjs';
import { paraglideOptions } from './paraglide-options.mjs';

const started = Date.now();
const step = (text) => console.log(`\n[build] ${text}`);

try {
  process.chdir(ROOT);
  const hash = sourceHash();
  rmSync(STAMP_FILE, { force: true });

  step('compiling messages (paraglide)');
  await compile(paraglideOptions);

  step('building the app (dist/client)');
  await build({ root: ROOT, mode: 'production', logLevel: 'info' });

  step("building the talent's link pages (dist/client/talent.html)");
  await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.talent.config.ts'),
    mode: 'production',
    logLevel: 'info',
  });

  step('moving source maps out of the public folder (dist/sourcemaps)');
  console.log(
    `[build] ${moveSourceMaps(path.join(ROOT, 'dist/client'), path.join(ROOT, 'dist/sourcemaps'))} maps moved`,
  );

  step('precompressing the app (brotli, gzip)');
  const compressed = precompress(path.join(ROOT, 'dist/client'));
  console.log(`[build] ${compressed} files precompressed`);

  step('building the server (dist/server)');
  // A config of its own: the client plugins (PWA, router, paraglide) must not run here. Dependencies
  // in node_modules stay external (native ones must); our sources, src/shared and the generated
  // src/paraglide messages (used by e-mail templates) are bundled.
  await build({
    configFile: false,
    root: ROOT,
    mode: 'production',
    logLevel: 'info',
    publicDir: false,
    ssr: { external: ['better-sqlite3', 'pg', '@node-rs/argon2', 'nodemailer'] },
    build: {
      ssr: true,
      // The server, the one-time command that creates a production install's first admin, the backup and
      // restore commands, and the child process that reads resumes (src/server/resume/extract-text.ts
      // finds it beside index.js).
      rollupOptions: {
        input: {
          index: 'src/server/index.ts',
          'create-admin': 'src/server/cli/create-admin-main.ts',
          backup: 'src/server/backup/backup-main.ts',
          restore: 'src/server/backup/restore-main.ts',
          'resume-worker': 'src/server/resume/resume-worker.ts',
        },
      },
      outDir: 'dist/server',
      target: 'node22',
      emptyOutDir: true,
      sourcemap: true,
      minify: false,
      copyPublicDir: false,
    },
  });

  writeFileSync(STAMP_FILE, `${JSON.stringify({ hash, builtAt: new Date().toISOString() }, null, 2)}\n`);
  console.log(`\n[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Paraglide's compiler leaves timers alive for ~30 s (STACK.md): end the process explicitly.
  process.exit(0);
} catch (error) {
  console.error('\n[build] failed:', error);
  process.exit(1);
}

// Source maps are for error reports (a Sentry upload reads dist/sourcemaps), not for the public: a map in
// dist/client would be served and give anyone the app's sources (issue 22).
function moveSourceMaps(from, to) {
  rmSync(to, { recursive: true, force: true });
  let count = 0;
  for (const entry of readdirSync(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, file));
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(file, target);
    count += 1;
  }
  return count;
}

// Writes .br and .gz next to every compressible file worth it; src/server/web.ts serves them.
function precompress(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(js|css|html|svg|webmanifest|json|txt)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (statSync(file).size < 1024) continue;
    const content = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
  }
  return count;
}
