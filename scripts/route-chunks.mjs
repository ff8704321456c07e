// Which built chunks a route needs before it renders, read from the Vite manifest (the bundle
// benchmark: the bytes of a first visit).
import { existsSync } from 'node:fs';
import path from 'node:path';

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
