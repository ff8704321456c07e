// @vitest-environment node
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeAddresses } from '../../scripts/route-chunks.mjs';
import { routePreloadMatcher } from '../../src/server/route-preloads';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('which route an address opens, for its preloads', () => {
  // The real route tree: each address names its own leaf file, so the server preloads that screen.
  const addresses = routeAddresses(ROOT);
  const match = routePreloadMatcher(addresses.map(({ address, file }) => ({ address, files: [file] })));

  it('reads every address of the route tree with a file that exists', () => {
    expect(addresses.length).toBeGreaterThan(30);
    for (const { file } of addresses) expect(existsSync(path.join(ROOT, file)), file).toBe(true);
    expect(addresses).toContainEqual({ address: '/task', file: 'src/routes/_auth/_recruiter/task/index.tsx' });
  });

  it.each([
    ['/', 'src/routes/_default/index.tsx'],
    ['/login', 'src/routes/_guest/login.tsx'],
    ['/ms/login', 'src/routes/_guest/login.tsx'],
    ['/zh', 'src/routes/_default/index.tsx'],
    ['/task/', 'src/routes/_auth/_recruiter/task/index.tsx'],
    ['/task/promo/12', 'src/routes/_auth/_recruiter/task/promo/$id.tsx'],
    ['/manage-task/talent-view', 'src/routes/_auth/_recruiter/manage-task/talent-view.tsx'],
    ['/manage-task/7', 'src/routes/_auth/_recruiter/manage-task/$id.tsx'],
    ['/talent/consent', 'src/routes/_default/talent/consent.tsx'],
    [
      '/admin/manage-task/recruiter-15/talent-view',
      'src/routes/_auth/_admin/admin/manage-task/recruiter-{$recruiter}/talent-view.tsx',
    ],
    ['/admin/manage-task/recruiter-15/3', 'src/routes/_auth/_admin/admin/manage-task/recruiter-{$recruiter}/$id.tsx'],
  ])('%s opens %s', (pathname, file) => {
    expect(match(pathname)).toEqual([file]);
  });

  it('preloads nothing for an address outside the tree', () => {
    expect(match('/no/such/screen')).toEqual([]);
    expect(match('/msx/login')).toEqual([]);
  });
});
