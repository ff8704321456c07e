import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// How the sources import each other (ARCHITECTURE.md, issue 23): across folders through the package's import
// map (`#src/…`, `#tests/…`, Node's own subpath imports, read alike by Node, TypeScript and Vite), relative only
// inside a folder, and no module reaching itself again through what it imports.

const ROOT = path.resolve(import.meta.dirname, '../..');
const IMPORT_MAP = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { imports: Record<string, string> }
).imports;
// Generated files are not read by people and follow their generator's layout.
const GENERATED = [/^src\/paraglide\//, /^src\/routeTree\.gen\.ts$/];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\bvi\.(?:mock|doMock|importActual)(?:<[^>]*>)?\(\s*)(['"])([^'"\n]+)\1/g;
// Extension probing for relative imports, as Vite and TypeScript's bundler resolution do.
const PROBES = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !GENERATED.some((pattern) => pattern.test(file)));
}

function specifiers(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(SPECIFIER)].map((match) => match[2] as string);
}

function isFile(candidate: string): boolean {
  return existsSync(candidate) && statSync(candidate).isFile();
}

/** The file a `#` specifier names through the import map, as Node resolves it (no extension probing). */
function throughImportMap(specifier: string): string | null {
  for (const [key, target] of Object.entries(IMPORT_MAP)) {
    const star = key.indexOf('*');
    if (star === -1 ? specifier === key : specifier.startsWith(key.slice(0, star))) {
      const file = path.join(ROOT, star === -1 ? target : target.replace('*', specifier.slice(star)));
      return isFile(file) ? path.relative(ROOT, file).split(path.sep).join('/') : null;
    }
  }
  return null;
}

function resolved(from: string, specifier: string): string | null {
  if (specifier.startsWith('#')) return throughImportMap(specifier);
  if (!specifier.startsWith('.')) return null;
  const base = path.join(ROOT, path.dirname(from), specifier);
  for (const probe of PROBES) {
    if (isFile(base + probe))
      return path
        .relative(ROOT, base + probe)
        .split(path.sep)
        .join('/');
  }
  return null;
}

const FILES = ['src', 'sw', 'tests', 'scripts'].flatMap(sourceFiles);

describe('imports', () => {
  it('stay relative only inside a folder: nothing climbs out of its own folder', () => {
    const climbing = FILES.flatMap((file) =>
      specifiers(file)
        .filter((specifier) => specifier.startsWith('../'))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(climbing).toEqual([]);
  });

  it('through the import map name files that exist, with their extension (Node does not guess one)', () => {
    const broken = FILES.flatMap((file) =>
      specifiers(file)
        .filter((specifier) => specifier.startsWith('#') && throughImportMap(specifier) === null)
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(broken).toEqual([]);
    expect(FILES.length).toBeGreaterThan(400);
  });

  it('form no circle in src/ and sw/, static, type-only and dynamic imports alike', () => {
    const graph = new Map<string, string[]>();
    for (const file of FILES.filter((f) => f.startsWith('src/') || f.startsWith('sw/'))) {
      graph.set(
        file,
        specifiers(file)
          .map((specifier) => resolved(file, specifier))
          .filter((target): target is string => target !== null),
      );
    }
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const trail: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      trail.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') circles.push([...trail.slice(trail.indexOf(next)), next].join(' -> '));
        else if (!state.has(next)) visit(next);
      }
      trail.pop();
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file);
    expect(circles).toEqual([]);
  });
});
