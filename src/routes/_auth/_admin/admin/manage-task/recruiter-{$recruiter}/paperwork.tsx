import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { RouteLoadError } from '#src/components/list/list-states.tsx';
import { RoutePending } from '#src/components/list/route-pending.tsx';
import { recruiterQueryOptions } from '#src/features/admin-recruiters/api.ts';
import { RecruiterHeader } from '#src/features/admin-recruiters/components/recruiter-header.tsx';
import { RecruiterStatement } from '#src/features/admin-recruiters/components/recruiter-statement.tsx';
import { RecruiterTaxDetails } from '#src/features/admin-recruiters/components/recruiter-tax-details.tsx';
import { loadRecruiterPage } from '#src/features/admin-recruiters/load-recruiter-page.ts';
import { recruiterPaperworkSearchSchema } from '#src/features/admin-recruiters/search.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

// A recruiter's money paperwork (issue 46): their details for Form CP58, shown on request (each read is in
// the access record), and their yearly statement with its PDF.
export const Route = createFileRoute('/_auth/_admin/admin/manage-task/recruiter-{$recruiter}/paperwork')({
  validateSearch: recruiterPaperworkSearchSchema,
  loader: ({ context: { queryClient }, params }) =>
    loadRecruiterPage(queryClient, params.recruiter, async () => undefined),
  pendingComponent: () => <RoutePending title={m.title_recruiters()} />,
  errorComponent: ({ error }) => <RouteLoadError title={m.title_recruiters()} error={error} />,
  component: AdminRecruiterPaperworkPage,
});

function AdminRecruiterPaperworkPage() {
  usePageTitle(m.title_recruiters());
  const id = Number(Route.useParams().recruiter);
  const { year } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: recruiter } = useSuspenseQuery(recruiterQueryOptions(id));
  return (
    <section className="space-y-4">
      <RecruiterHeader recruiter={recruiter} current="paperwork" />
      <RecruiterTaxDetails recruiterId={id} />
      <RecruiterStatement
        recruiterId={id}
        asked={year}
        onYear={(next) => navigate({ search: { year: next }, replace: true, resetScroll: false })}
      />
    </section>
  );
}
