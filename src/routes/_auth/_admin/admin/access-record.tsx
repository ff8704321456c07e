import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RouteLoadError } from '#src/components/list/list-states.tsx';
import { RoutePending } from '#src/components/list/route-pending.tsx';
import { accessLogQueryOptions } from '#src/features/admin-access-record/api.ts';
import { AccessRecordFilters } from '#src/features/admin-access-record/components/access-record-filters.tsx';
import { actorName } from '#src/features/admin-access-record/components/access-record-labels.ts';
import { AccessRecordList } from '#src/features/admin-access-record/components/access-record-list.tsx';
import { DataLocationsPanel } from '#src/features/admin-access-record/components/data-locations-panel.tsx';
import {
  ACCESS_RECORD_DEFAULTS,
  type AccessRecordSearch,
  accessRecordSearchSchema,
} from '#src/features/admin-access-record/search.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

// Admin › Access record (issue 24 parts 4 and 5): where personal data goes, then who viewed or downloaded a
// CV or call proof, exported payments, or viewed, exported or erased a person, with the filters in the URL.
export const Route = createFileRoute('/_auth/_admin/admin/access-record')({
  validateSearch: accessRecordSearchSchema,
  search: { middlewares: [stripSearchParams(ACCESS_RECORD_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(accessLogQueryOptions(deps)),
  pendingComponent: () => <RoutePending title={m.access_record_title()} />,
  errorComponent: ({ error }) => <RouteLoadError title={m.access_record_title()} error={error} />,
  component: AccessRecordPage,
});

function AccessRecordPage() {
  usePageTitle(m.access_record_title());
  const search = Route.useLoaderDeps();
  const { data } = useSuspenseQuery(accessLogQueryOptions(search));
  const navigate = Route.useNavigate();
  const onChange = (patch: Partial<AccessRecordSearch>) => navigate({ search: (prev) => ({ ...prev, ...patch }) });
  // The narrowed-to actor's name, read from their own lines.
  const actor = data.items.find((entry) => entry.actor.id === search.actorId)?.actor;
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{m.access_record_title()}</h1>
        <p className="text-sm text-base-content/70">{m.access_record_intro()}</p>
      </div>
      <DataLocationsPanel />
      <AccessRecordFilters search={search} actorLabel={actor ? actorName(actor) : null} onChange={onChange} />
      <AccessRecordList data={data} search={search} onChange={onChange} />
    </section>
  );
}
