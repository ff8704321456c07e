import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm ci` installs exactly the lock, on every contributor's platform (issue 23): a lock written on one platform
// without the others' optional packages makes `npm ci` refuse it elsewhere, or leaves a Mac or an ARM server
// without a native binary (npm/cli#4828). So the lock must hold every optional package its packages name.

const ROOT = path.resolve(import.meta.dirname, '../..');
type LockedPackage = {
  version?: string;
  optional?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockedPackage>;
};
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
};

/** Where Node would find `name` from the package at `at`: its own node_modules, then each parent's. */
function locate(at: string, name: string): string | undefined {
  let base = at;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent === -1 ? '' : base.slice(0, parent);
  }
}

describe('package-lock.json', () => {
  it('holds every optional package that a locked package names (what `npm ci` checks)', () => {
    const missing = Object.entries(lock.packages).flatMap(([at, locked]) =>
      Object.keys(locked.optionalDependencies ?? {})
        .filter((name) => !locate(at, name))
        .map((name) => `${name} (named by ${at || 'the project'})`),
    );
    expect(missing).toEqual([]);
  });

  it.each([
    ['biome', '@biomejs/cli-'],
    ['rollup', '@rollup/rollup-'],
    ["tailwind's oxide", '@tailwindcss/oxide-'],
    ['lightningcss', 'lightningcss-'],
    ['esbuild', '@esbuild/'],
    ['rolldown (Vite 8)', '@rolldown/binding-'],
    ['argon2', '@node-rs/argon2-'],
  ])('has the macOS, Windows and ARM Linux members of the %s family', (_family, prefix) => {
    const members = Object.keys(lock.packages)
      .filter((at) => at.startsWith(`node_modules/${prefix}`))
      .map((at) => at.slice(`node_modules/${prefix}`.length));
    for (const platform of ['darwin-arm64', 'darwin-x64', 'win32-x64', 'linux-arm64', 'linux-x64']) {
      expect(members.some((member) => member.startsWith(platform))).toBe(true);
    }
  });

  it('keeps the message compiler on a tree that installs everywhere (no native lix addon)', () => {
    // @inlang/paraglide-js 2.24+ pulls @lix-js/sdk 0.15+, a native addon whose macOS, Windows and ARM packages
    // the registry lacks: `npm ci` refuses the lock and the compiler cannot start there. 2.23 runs on WASM.
    const lix = lock.packages['node_modules/@lix-js/sdk'];
    expect(lix?.version).toMatch(/^0\.4\./);
    expect(Object.keys(lix?.optionalDependencies ?? {})).toEqual([]);
  });

  it('is for the Node the project runs on (24 LTS, and 22)', () => {
    expect(lock.lockfileVersion).toBe(3);
    expect(pkg.engines.node).toBe('>=22.12');
    expect(readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim()).toBe('24');
  });
});
