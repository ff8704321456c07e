import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { GuestLayout } from '../components/layout/guest-layout';
import { logout } from '../features/auth/api';
import { safeRedirectPath } from '../features/auth/guards';
import { titleHead } from '../lib/page-title';
import { m } from '../paraglide/messages';

// Seed section 2: clears the session, then goes to `redirect` (a path on this site) or to /login.
export const Route = createFileRoute('/logout')({
  validateSearch: v.object({ redirect: v.fallback(v.optional(v.string()), undefined) }),
  beforeLoad: async ({ context, search, preload }) => {
    // A hovered link preloads; only a real visit logs out.
    if (preload) return;
    await logout(context.queryClient);
    const target = safeRedirectPath(search.redirect);
    throw target ? redirect({ href: target, replace: true }) : redirect({ to: '/login', replace: true });
  },
  head: titleHead(m.title_logout),
  component: LoggingOut,
});

function LoggingOut() {
  return (
    <GuestLayout>
      <p className="flex items-center gap-2" role="status">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        {m.auth_logging_out()}
      </p>
    </GuestLayout>
  );
}
