#!/usr/bin/env node
// Merges message keys into messages/{en,ms,zh}.json, sorted, so several people (or helpers) can add
// keys without clobbering each other's edits. Input: a JSON file { "key": { "en": "...", "ms": "...", "zh": "..." } }.
// Usage: node scripts/add-messages.mjs fragment.json
import { mkdirSync, readFileSync, renameSync, rmdirSync, writeFileSync } from 'node:fs';

const fragment = JSON.parse(readFileSync(process.argv[2], 'utf8'));
// A directory as a lock: mkdir is atomic, so two runs at once merge one after the other.
const lock = new URL('../messages/.lock', import.meta.url);
for (let tries = 0; ; tries += 1) {
  try {
    mkdirSync(lock);
    break;
  } catch (error) {
    if (error.code !== 'EEXIST' || tries > 200) throw error;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}
try {
  mergeAll();
} finally {
  rmdirSync(lock);
}
console.log(`merged ${Object.keys(fragment).length} keys`);

function mergeAll() {
  for (const locale of ['en', 'ms', 'zh']) {
    const file = new URL(`../messages/${locale}.json`, import.meta.url);
    const current = JSON.parse(readFileSync(file, 'utf8'));
    for (const [key, texts] of Object.entries(fragment)) {
      if (typeof texts[locale] !== 'string') throw new Error(`${key}: no ${locale} text`);
      current[key] = texts[locale];
    }
    const { $schema, ...rest } = current;
    const sorted = { $schema, ...Object.fromEntries(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b))) };
    const tmp = new URL(`../messages/.${locale}.json.tmp`, import.meta.url);
    writeFileSync(tmp, `${JSON.stringify(sorted, null, 2)}\n`);
    renameSync(tmp, file);
  }
}
