import { createFileRoute } from '@tanstack/react-router';
import { referralQueryOptions } from '#src/features/talents/api.ts';
import { HiringStatusPage } from '#src/features/talents/components/hiring-status-page.tsx';
import { loadTalent } from '#src/features/talents/load-talent.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_auth/_recruiter/talents-folder/$id/hiring-status')({
  loader: async ({ context, params }) => {
    const { id, talent } = await loadTalent(context.queryClient, params.id);
    // A talent has few referrals: load each one's history for its timeline.
    await Promise.all(talent.referrals.map((r) => context.queryClient.ensureQueryData(referralQueryOptions(r.id))));
    return { id };
  },
  component: HiringStatusRoute,
});

function HiringStatusRoute() {
  usePageTitle(m.title_hiring_status());
  const { id } = Route.useLoaderData();
  return <HiringStatusPage talentId={id} />;
}
