import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { EmptyState } from '#src/components/list/empty-state.tsx';
import { FilterSelect } from '#src/components/list/filter-select.tsx';
import { ListPagination } from '#src/components/list/list-pagination.tsx';
import { SearchBox } from '#src/components/list/search-box.tsx';
import { AsOfNote } from '#src/components/offline/as-of-note.tsx';
import { talentsQueryOptions, taskFilterOptionsQueryOptions } from '#src/features/talents/api.ts';
import { folderFilters, type TalentsFolderSearch } from '#src/features/talents/search-params.ts';
import { CONSENT_FILTER_LABELS } from '#src/lib/enum-labels/consent-filter-labels.ts';
import { HIRING_LABELS, REWARD_LABELS } from '#src/lib/enum-labels/referral-labels.ts';
import { m } from '#src/paraglide/messages.js';
import { CONSENT_FILTERS, HIRING_STATUSES, REWARD_FILTERS } from '#src/shared/enums.ts';
import { QueuedTalentsSection, useQueuedTalents } from './queued-talents';
import { TalentCard } from './talent-card';

const route = getRouteApi('/_auth/_recruiter/talents-folder/');

// My talents: search and filters live in the address, so a reload or a shared link keeps the view.
export function TalentsFolderPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data } = useSuspenseQuery(talentsQueryOptions(folderFilters(search)));
  const { data: tasks } = useSuspenseQuery(taskFilterOptionsQueryOptions());
  // Talents added on this device and not on the server's list yet: at the top of the first page.
  const queued = useQueuedTalents(data, talentsQueryOptions(folderFilters(search)).queryKey);

  const update = (next: Partial<TalentsFolderSearch>) =>
    navigate({ search: (prev) => ({ ...prev, ...next, page: next.page ?? 1 }) });
  const filtered = Boolean(search.search || search.taskId || search.consent || search.hiring || search.reward);

  // A task that is not among the first 50 still shows as the selected option.
  const taskOptions = [
    { value: '', label: m.talent_filter_task_all() },
    ...tasks.map((task) => ({ value: String(task.id), label: `${task.code} · ${task.title}` })),
  ];
  if (search.taskId && !tasks.some((task) => task.id === search.taskId)) {
    taskOptions.push({ value: String(search.taskId), label: `#${search.taskId}` });
  }

  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{m.title_talents_folder()}</h1>
        <p className="text-sm text-base-content/70">{m.talent_folder_intro()}</p>
      </div>
      <AsOfNote queryKey={talentsQueryOptions(folderFilters(search)).queryKey} />

      {/* biome-ignore lint/a11y/useSemanticElements: older phone browsers (and test DOMs) do not know <search> */}
      <div role="search" className="flex flex-col gap-2 sm:flex-row sm:flex-wrap" aria-label={m.talent_filters_label()}>
        <SearchBox
          id="talents-search"
          value={search.search ?? ''}
          onSearch={(text) => update({ search: text || undefined })}
        />
        <FilterSelect
          id="talents-task"
          label={m.talent_filter_task()}
          value={search.taskId ? String(search.taskId) : ''}
          options={taskOptions}
          onChange={(value) => update({ taskId: value ? Number(value) : undefined })}
        />
        <FilterSelect
          id="talents-consent"
          label={m.talent_filter_consent()}
          value={search.consent ?? ''}
          options={[
            { value: '', label: m.talent_filter_consent_all() },
            ...CONSENT_FILTERS.map((value) => ({ value, label: CONSENT_FILTER_LABELS[value]() })),
          ]}
          onChange={(value) => update({ consent: value || undefined })}
        />
        <FilterSelect
          id="talents-hiring"
          label={m.talent_filter_hiring()}
          value={search.hiring ?? ''}
          options={[
            { value: '', label: m.talent_filter_hiring_all() },
            ...HIRING_STATUSES.map((value) => ({ value, label: HIRING_LABELS[value]() })),
          ]}
          onChange={(value) => update({ hiring: value || undefined })}
        />
        <FilterSelect
          id="talents-reward"
          label={m.talent_filter_reward()}
          value={search.reward ?? ''}
          options={[
            { value: '', label: m.talent_filter_reward_all() },
            ...REWARD_FILTERS.map((value) => ({ value, label: REWARD_LABELS[value]() })),
          ]}
          onChange={(value) => update({ reward: value || undefined })}
        />
      </div>

      {data.page === 1 && <QueuedTalentsSection queued={queued} />}

      {data.items.length === 0 ? (
        filtered ? (
          <EmptyState title={m.list_empty_filtered()}>
            <Link to="/talents-folder" className="btn btn-sm">
              {m.list_clear_filters()}
            </Link>
          </EmptyState>
        ) : queued.count > 0 ? null : (
          <EmptyState title={m.talent_empty()}>
            <Link to="/task" className="btn btn-sm btn-primary">
              {m.talent_empty_action()}
            </Link>
          </EmptyState>
        )
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" aria-label={m.title_talents_folder()}>
          {data.items.map((talent) => (
            <li key={talent.id}>
              <TalentCard talent={talent} queuedProfile={queued.completionOf(talent.id)} />
            </li>
          ))}
        </ul>
      )}

      <ListPagination idPrefix="talents" data={data} onChange={update} />
    </section>
  );
}
