import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compactMessage } from '#scripts/compact-messages.mjs';
import { localized } from '#src/lib/localized-message.ts';
import * as registry from '#src/paraglide/registry.js';
import { experimentalStaticLocale, getLocale, locales } from '#src/paraglide/runtime.js';

// The build shortens every compiled message (scripts/compact-messages.mjs); the tests import them as
// paraglide wrote them. Here each module is run both ways and must answer the same in every locale.
const DIR = path.resolve(import.meta.dirname, '../../src/paraglide/messages');
const files = readdirSync(DIR).filter((file) => file.endsWith('.js') && file !== '_index.js');

/** The module's exported message, its imports given as arguments. */
function evaluate(code: string): (inputs?: unknown, options?: { locale?: string }) => string {
  const key = code.match(/export const (\w+) =/)?.[1];
  const body = `${code.replace(/^import .*$/gm, '').replace(/^export const /gm, 'const ')}\nreturn ${key};`;
  // `registry` carries the plural rules of messages with variants ("1 proof", "2 proofs").
  return new Function('localized', 'getLocale', 'experimentalStaticLocale', 'registry', body)(
    localized,
    getLocale,
    experimentalStaticLocale,
    registry,
  );
}

// Any input a message reads gets a value naming it, so a swapped or lost input shows.
const inputs = new Proxy({}, { get: (_, name) => (name === 'count' ? 2 : `<${String(name)}>`) });

describe('compacted messages', () => {
  it('covers every compiled message', () => {
    expect(files.length).toBeGreaterThan(1000);
    const untouched = files.filter((file) => compactMessage(readFileSync(path.join(DIR, file), 'utf8')) === null);
    expect(untouched).toEqual([]);
  });

  it('answers as paraglide does, in every locale, with and without inputs', () => {
    for (const file of files) {
      const code = readFileSync(path.join(DIR, file), 'utf8');
      const original = evaluate(code);
      const compacted = evaluate(compactMessage(code) ?? '');
      for (const locale of locales) {
        expect(compacted(inputs, { locale }), `${file} ${locale}`).toBe(original(inputs, { locale }));
      }
      expect(compacted(inputs), file).toBe(original(inputs));
      if (!code.includes('${i?.')) expect(compacted(), file).toBe(original());
    }
  });
});
