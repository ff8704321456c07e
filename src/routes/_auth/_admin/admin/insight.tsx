import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, Link } from '@tanstack/react-router';
import { DownloadButton } from '#src/components/download-button.tsx';
import { PageHeading } from '#src/components/layout/page-heading.tsx';
import { RouteLoadError } from '#src/components/list/list-states.tsx';
import { RoutePending } from '#src/components/list/route-pending.tsx';
import { downloadFunnelCsv, funnelQueryOptions, moneyQueryOptions } from '#src/features/admin-insight/api.ts';
import { CompanyAnswersSection } from '#src/features/admin-insight/components/company-answers-section.tsx';
import { FunnelSection } from '#src/features/admin-insight/components/funnel-section.tsx';
import { InsightFilters } from '#src/features/admin-insight/components/insight-filters.tsx';
import { MoneySection } from '#src/features/admin-insight/components/money-section.tsx';
import { insightSearchSchema, type ScopeKind, scopeOf } from '#src/features/admin-insight/search.ts';
import { AppError } from '#src/lib/app-error.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

// Admin › Insight (issue 27): the referral funnel of a period and scope, the hiring companies' answers of
// the period (issue 45), then the money of the period.
// The period and scope live in the URL, so a view can be shared and the back button walks through them.
export const Route = createFileRoute('/_auth/_admin/admin/insight')({
  validateSearch: insightSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(funnelQueryOptions(deps)),
      queryClient.ensureQueryData(moneyQueryOptions({ from: deps.from, to: deps.to })),
    ]),
  pendingComponent: () => <RoutePending title={m.title_insight()} />,
  errorComponent: InsightLoadError,
  component: AdminInsightPage,
});

const SCOPE_GONE: Record<Exclude<ScopeKind, 'all'>, () => string> = {
  task: m.admin_insight_scope_gone_task,
  promo: m.admin_insight_scope_gone_promo,
  recruiter: m.admin_insight_scope_gone_recruiter,
  company: m.admin_insight_scope_gone_company,
};

/**
 * The error with its retry, and a way out of a scope. A scope the server does not know (a shared link to
 * a promo deleted since) says so, with no retry: trying again would not bring it back.
 */
function InsightLoadError({ error }: ErrorComponentProps) {
  usePageTitle(m.title_insight());
  const { kind } = scopeOf(Route.useSearch());
  const gone = error instanceof AppError && error.status === 404 && kind !== 'all' ? SCOPE_GONE[kind] : null;
  return (
    <div className="space-y-3">
      {gone ? (
        <section className="space-y-4">
          <h1 className="text-2xl font-semibold">{m.title_insight()}</h1>
          <p role="alert" className="alert alert-soft alert-warning" data-testid="insight-scope-gone">
            {gone()}
          </p>
        </section>
      ) : (
        <RouteLoadError title={m.title_insight()} error={error} />
      )}
      <Link to="/admin/insight" search={{}} className="btn btn-sm">
        {m.admin_insight_show_everyone()}
      </Link>
    </div>
  );
}

function AdminInsightPage() {
  usePageTitle(m.title_insight());
  const search = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const { data: funnel } = useSuspenseQuery(funnelQueryOptions(search));
  const { data: money } = useSuspenseQuery(moneyQueryOptions({ from: search.from, to: search.to }));
  return (
    <section className="space-y-6">
      <PageHeading title={m.title_insight()} intro={m.admin_insight_intro()}>
        <DownloadButton label={m.admin_insight_download()} download={() => downloadFunnelCsv(search)} />
      </PageHeading>
      <InsightFilters search={search} funnel={funnel} onChange={(next) => navigate({ search: next })} />
      <FunnelSection funnel={funnel} />
      <CompanyAnswersSection period={{ from: funnel.from, to: funnel.to }} />
      <MoneySection money={money} />
    </section>
  );
}
