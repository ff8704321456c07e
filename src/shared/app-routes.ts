import { LOCALES } from './enums';

// Every address the app's router has a screen for, as the route tree names them (FileRoutesByFullPath in
// src/routeTree.gen.ts: `$id` is any one segment, `recruiter-{$recruiter}` any segment starting so). The
// server answers the app's page with 200 for these and with 404 for any other address (src/server/web.ts),
// so a typo or a scanner's probe is not a page that exists. src/router.tsx checks at compile time that
// this list is the route tree's, so a new screen cannot be left out.
export const APP_ROUTE_PATHS = [
  '/',
  '/logout',
  '/update-password',
  '/account',
  '/dashboard',
  '/earning',
  '/notifications',
  '/contact',
  '/faq',
  '/privacy-policy',
  '/review',
  '/terms-and-conditions',
  '/login',
  '/reset-password',
  '/outbox',
  '/share-target',
  '/notifications/unsubscribe',
  '/admin/access-record',
  '/admin/companies',
  '/admin/data-protection',
  '/admin/hiring-status',
  '/admin/insight',
  '/admin/paperwork',
  '/admin/payments',
  '/admin/tasks',
  '/manage-task/$id',
  '/manage-task/add',
  '/manage-task/talent-view',
  '/talent/data/request',
  '/manage-task/',
  '/talents-folder/',
  '/task/',
  '/talent/data/',
  '/admin/manage-task/add-recruiter',
  '/manage-task/add/drop-resume',
  '/manage-task/add/profile-completion',
  '/manage-task/add/progress',
  '/talents-folder/$id/hiring-status',
  '/task/promo/$id',
  '/admin/manage-task/',
  '/admin/promo/',
  '/manage-task/add/',
  '/admin/manage-task/recruiter-{$recruiter}/$id',
  '/admin/manage-task/recruiter-{$recruiter}/talent-view',
  '/admin/manage-task/recruiter-{$recruiter}/paperwork',
  '/admin/promo/$id/add-tasks',
  '/talents-folder/$id/profile/edit',
  '/admin/manage-task/recruiter-{$recruiter}/',
  '/admin/promo/$id/',
  '/talents-folder/$id/profile/',
] as const;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

// One matcher per route segment: a static name (the router matches it in any case), `$param`, or
// `prefix{$param}`.
const ROUTES = APP_ROUTE_PATHS.map((route) =>
  segmentsOf(route).map((segment): ((value: string) => boolean) => {
    if (segment.startsWith('$')) return (value) => value.length > 0;
    const brace = segment.indexOf('{$');
    if (brace >= 0) {
      const prefix = segment.slice(0, brace).toLowerCase();
      return (value) => value.length > prefix.length && value.toLowerCase().startsWith(prefix);
    }
    const name = segment.toLowerCase();
    return (value) => value.toLowerCase() === name;
  }),
);

/**
 * The screen of the app's router at `pathname` (the address's path, without its query), as
 * APP_ROUTE_PATHS names it, or null: after a language prefix (`/ms`, `/zh`, `/en`, as paraglide strips
 * it), with or without a trailing slash.
 */
export function appRouteOf(pathname: string): AppRoutePath | null {
  const segments = segmentsOf(pathname);
  if ((LOCALES as readonly string[]).includes(segments[0]?.toLowerCase() ?? '')) segments.shift();
  const index = ROUTES.findIndex(
    (route) => route.length === segments.length && route.every((matches, i) => matches(segments[i] ?? '')),
  );
  return index < 0 ? null : (APP_ROUTE_PATHS[index] ?? null);
}

export type AppRoutePath = (typeof APP_ROUTE_PATHS)[number];
