// Which built chunks a route needs before it renders, read from the Vite manifest. Used by the build
// (dist/client/.vite/route-preloads.json: the server lists a route's chunks in its HTML, so they load
// alongside the entry instead of after it) and by the bundle benchmark (the bytes of a first visit).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every address of the route tree with the file of its leaf route, from src/routeTree.gen.ts:
 * `FileRoutesByTo` names each address's route variable, whose `…RouteImport` import names the file.
 * @param {string} root
 * @returns {Array<{ address: string; file: string }>}
 */
export function routeAddresses(root) {
  const tree = readFileSync(path.join(root, 'src/routeTree.gen.ts'), 'utf8');
  const files = new Map();
  for (const [, name, file] of tree.matchAll(/^import \{ Route as (\w+)RouteImport \} from '\.\/(routes\/[^']+)'/gm)) {
    files.set(`${name}Route`, `src/${file}.tsx`);
  }
  const byTo = tree.match(/export interface FileRoutesByTo \{([\s\S]*?)\n\}/)?.[1];
  if (!byTo) throw new Error('src/routeTree.gen.ts has no FileRoutesByTo: run `npm run generate`');
  return [...byTo.matchAll(/^\s*'([^']+)': typeof (\w+)/gm)].map(([, address, variable]) => {
    const file = files.get(variable);
    if (!file) throw new Error(`no import for ${variable} in src/routeTree.gen.ts`);
    return { address, file };
  });
}

/** The manifest keys of the route files from src/routes down to `leaf` whose component is split. */
export function branchKeys(root, manifest, leaf) {
  const relative = path.relative('src/routes', leaf).split('/');
  const files = [];
  for (let depth = 1; depth < relative.length; depth += 1) {
    const layout = `src/routes/${relative.slice(0, depth).join('/')}.tsx`;
    if (existsSync(path.join(root, layout))) files.push(layout);
  }
  files.push(leaf);
  // The chunk holding the route's component; vite.config.ts groups the loader with it, which names the
  // module `?tsr-split=component---loader` (both load before the route renders).
  const componentKey = (file) =>
    Object.keys(manifest).find(
      (key) => key.startsWith(`${file}?tsr-split=`) && key.split('?tsr-split=')[1].split('---').includes('component'),
    );
  if (!componentKey(leaf)) throw new Error(`no split component chunk for ${leaf}`);
  return files.map(componentKey).filter(Boolean);
}

/** The JavaScript files of these manifest keys and of everything they import statically. */
export function closure(manifest, keys) {
  const seen = new Set();
  const files = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const entry = manifest[key];
    if (!entry) throw new Error(`${key} is not in the Vite manifest`);
    if (entry.file.endsWith('.js')) files.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}

/** Per address, the chunks its route needs beyond those index.html already loads. */
export function routePreloads(root, manifest) {
  const entry = new Set(closure(manifest, ['index.html']));
  return routeAddresses(root).map(({ address, file }) => ({
    address,
    files: closure(manifest, branchKeys(root, manifest, file)).filter((chunk) => !entry.has(chunk)),
  }));
}
