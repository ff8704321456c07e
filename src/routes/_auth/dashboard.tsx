import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { meQueryOptions } from '#src/features/auth/api.ts';
import { adminDashboardQueryOptions, recruiterDashboardQueryOptions } from '#src/features/dashboard/api.ts';
import { DashboardPage } from '#src/features/dashboard/components/dashboard-page.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_auth/dashboard')({
  loader: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(meQueryOptions());
    const roles = user?.roles ?? [];
    await Promise.all([
      roles.includes('ROLE_RECRUITER') && context.queryClient.ensureQueryData(recruiterDashboardQueryOptions()),
      roles.includes('ROLE_ADMIN') && context.queryClient.ensureQueryData(adminDashboardQueryOptions()),
    ]);
  },
  component: DashboardRoute,
});

// The roles come from the signed-in user (features do not import each other, so the route passes them).
function DashboardRoute() {
  usePageTitle(m.title_dashboard());
  const { data: user } = useSuspenseQuery(meQueryOptions());
  return <DashboardPage roles={user?.roles ?? []} />;
}
