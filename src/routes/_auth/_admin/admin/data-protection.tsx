import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useState } from 'react';
import { EraseOutcome } from '#src/features/admin-data-protection/components/erase-outcome.tsx';
import { PeopleSearch } from '#src/features/admin-data-protection/components/people-search.tsx';
import { PersonView } from '#src/features/admin-data-protection/components/person-view.tsx';
import { RequestList } from '#src/features/admin-data-protection/components/request-list.tsx';
import { DATA_PROTECTION_DEFAULTS, dataProtectionSearchSchema } from '#src/features/admin-data-protection/search.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';
import type { EraseAnswer } from '#src/shared/data-protection-types.ts';

export const Route = createFileRoute('/_auth/_admin/admin/data-protection')({
  validateSearch: dataProtectionSearchSchema,
  search: { middlewares: [stripSearchParams(DATA_PROTECTION_DEFAULTS)] },
  component: DataProtectionPage,
});

// Admin › Data protection (issue 24): find a person across every recruiter, see and export what is held
// about them, erase them now; and the talents' correction and withdrawal requests with their clocks.
function DataProtectionPage() {
  usePageTitle(m.data_protection_title());
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [outcome, setOutcome] = useState<EraseAnswer | null>(null);
  const openPerson = (person: number) => navigate({ search: (prev) => ({ ...prev, tab: 'people' as const, person }) });

  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{m.data_protection_title()}</h1>
        <p className="text-sm text-base-content/70">{m.data_protection_intro()}</p>
      </div>
      <div role="tablist" className="tabs tabs-box tabs-sm w-fit" aria-label={m.data_protection_tabs()}>
        {(
          [
            ['people', m.data_protection_tab_people],
            ['requests', m.data_protection_tab_requests],
          ] as const
        ).map(([tab, label]) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={search.tab === tab}
            className={`tab ${search.tab === tab ? 'tab-active' : ''}`}
            onClick={() => navigate({ search: (prev) => ({ ...prev, tab, person: undefined }) })}
          >
            {label()}
          </button>
        ))}
      </div>
      {outcome && <EraseOutcome answer={outcome} onClose={() => setOutcome(null)} />}
      {search.tab === 'requests' ? (
        <RequestList
          filters={{ status: search.status, page: search.page, pageSize: search.pageSize }}
          // The pager hands back one of PAGE_SIZES, which the search schema checks again.
          onChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) as typeof prev })}
          onOpenPerson={openPerson}
        />
      ) : search.person ? (
        <PersonView
          key={search.person}
          talentId={search.person}
          onBack={() => navigate({ search: (prev) => ({ ...prev, person: undefined }) })}
          onErased={(answer) => {
            setOutcome(answer);
            navigate({ search: (prev) => ({ ...prev, person: undefined }) });
          }}
        />
      ) : (
        <PeopleSearch
          q={search.q}
          onSearch={(q) => {
            setOutcome(null);
            navigate({ search: (prev) => ({ ...prev, q }) });
          }}
          onOpen={(person) => {
            setOutcome(null);
            openPerson(person);
          }}
        />
      )}
    </section>
  );
}
