import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { GuestLayout } from '#src/components/layout/guest-layout.tsx';
import { safeRedirectPath } from '#src/features/auth/guards.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { flagParam } from '#src/lib/search-params.ts';
import { m } from '#src/paraglide/messages.js';

// Seed section 2: clears the session, then goes to `redirect` (a path on this site) or to /login.
// Issue 4: logging out deletes the outbox from the device, so with unsent entries it asks first;
// `discard=1` is the answer "log out and delete them".
export const Route = createFileRoute('/logout')({
  validateSearch: v.object({
    redirect: v.fallback(v.optional(v.string()), undefined),
    discard: flagParam,
  }),
  beforeLoad: async ({ context, search, preload }) => {
    // A hovered link preloads; only a real visit logs out.
    if (preload) return { unsent: 0 };
    const { logout, unsentCount } = await import('#src/features/auth/logout.ts');
    const unsent = search.discard ? 0 : await unsentCount();
    if (unsent > 0) return { unsent };
    await logout(context.queryClient);
    const target = safeRedirectPath(search.redirect);
    throw target ? redirect({ href: target, replace: true }) : redirect({ to: '/login', replace: true });
  },
  component: LogoutRoute,
});

function LogoutRoute() {
  usePageTitle(m.title_logout());
  const { unsent } = Route.useRouteContext();
  const search = Route.useSearch();
  if (unsent > 0) return <UnsentWarning count={unsent} redirectTo={search.redirect} />;
  return (
    <GuestLayout>
      <p className="flex items-center gap-2" role="status">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        {m.auth_logging_out()}
      </p>
    </GuestLayout>
  );
}

function UnsentWarning({ count, redirectTo }: { count: number; redirectTo: string | undefined }) {
  return (
    <GuestLayout>
      <h1 className="card-title text-xl">{m.outbox_logout_title()}</h1>
      <p role="alert" className="alert alert-soft alert-warning">
        {count === 1 ? m.outbox_logout_warning_one() : m.outbox_logout_warning_many({ count })}
      </p>
      <div className="card-actions mt-2 flex-col items-stretch gap-2 sm:flex-row sm:justify-end">
        <Link to="/logout" search={{ redirect: redirectTo, discard: 1 }} className="btn btn-ghost text-error">
          {m.outbox_logout_discard()}
        </Link>
        <Link to="/outbox" className="btn btn-primary">
          {m.outbox_logout_keep()}
        </Link>
      </div>
    </GuestLayout>
  );
}
