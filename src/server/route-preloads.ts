import { LOCALES } from '../shared/enums';

// A first visit's HTML names the chunks of the route it opens (scripts/route-chunks.mjs lists them per
// address at build time), so the browser fetches them alongside the entry instead of after it has run:
// one round trip less before the first paint on a slow connection (issue 7). A service-worker-served
// visit never sees this; its chunks come from the cache.

export type RoutePreloads = ReadonlyArray<{ address: string; files: ReadonlyArray<string> }>;

type CompiledRoute = { pattern: RegExp; statics: number; files: ReadonlyArray<string> };

// The URL strategy puts other locales in front of the address (/ms/task); routes match without it.
const LOCALE_PREFIX = new RegExp(`^/(${LOCALES.filter((locale) => locale !== 'en').join('|')})(?=/|$)`);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One address of the route tree as a pattern: `$id` and `{$recruiter}` take one segment, `$` the rest. */
function compile(address: string): RegExp {
  const segments = address
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '$') return '(?:/.*)?';
      const parts = segment.split(/(\{\$\w+\}|^\$\w+$)/).filter(Boolean);
      return `/${parts.map((part) => (part.startsWith('$') || part.startsWith('{$') ? '[^/]+' : escapeRegExp(part))).join('')}`;
    });
  return new RegExp(`^${segments.join('')}/?$`);
}

/** The chunks to preload for a path, or none; a fixed segment wins over a parameter (`/manage-task/talent-view`). */
export function routePreloadMatcher(preloads: RoutePreloads): (pathname: string) => ReadonlyArray<string> {
  const routes: CompiledRoute[] = preloads
    .map(({ address, files }) => ({
      pattern: compile(address),
      statics: address.split('/').filter((segment) => segment && !segment.includes('$')).length,
      files,
    }))
    .sort((a, b) => b.statics - a.statics);
  return (pathname) => {
    const path = pathname.replace(LOCALE_PREFIX, '') || '/';
    return routes.find((route) => route.pattern.test(path))?.files ?? [];
  };
}

/** The shell with a modulepreload link per chunk, before `</head>` (after the entry's own). */
export function withPreloads(html: string, files: ReadonlyArray<string>): string {
  if (files.length === 0) return html;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}
