import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { SearchBox } from '#src/components/list/search-box.tsx';
import { pickTalentsQueryOptions } from '#src/features/tasks/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';

// Search my talents folder and pick one for the task: profile completion then refers them. A talent
// already referred to this task cannot be picked again (the server refuses duplicates too).
export function PickTalent({ taskId }: { taskId: number }) {
  const [search, setSearch] = useState('');
  const talents = useQuery(pickTalentsQueryOptions(search));

  return (
    <div className="space-y-3">
      <SearchBox id="pick-talent-search" value={search} onSearch={setSearch} label={m.manage_add_search_label()} />
      {talents.isError && !talents.data ? (
        <div className="space-y-2">
          <FormAlert message={`${m.list_load_failed()} ${errorMessage(talents.error)}`} />
          <button type="button" className="btn btn-sm" onClick={() => void talents.refetch()}>
            {m.list_retry()}
          </button>
        </div>
      ) : !talents.data ? (
        <div className="flex justify-center py-4" aria-busy="true">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          <span className="sr-only">{m.common_loading()}</span>
        </div>
      ) : talents.data.items.length === 0 ? (
        <p className="py-2 text-sm text-base-content/70">
          {search ? m.manage_add_pick_empty() : m.manage_add_folder_empty()}
        </p>
      ) : (
        <ul
          className={`divide-y divide-base-300 rounded-box border border-base-300 ${talents.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-label={m.manage_add_talents_label()}
          aria-busy={talents.isFetching}
        >
          {talents.data.items.map((talent) => {
            const referred = talent.referrals.some((referral) => referral.taskId === taskId);
            // An anonymised talent has no address left to ask for consent: not offered.
            const erased = talent.erasedAt !== null;
            return (
              <li key={talent.id} className="flex items-center justify-between gap-3 p-3" data-testid="pick-talent-row">
                <div className="min-w-0">
                  <p className="truncate font-medium">{talentDisplayName(talent.fullName)}</p>
                  {!erased && (
                    <p className="truncate text-xs text-base-content/60">
                      {talent.email} · {talent.location}
                    </p>
                  )}
                </div>
                {referred || erased ? (
                  <span className="badge badge-ghost badge-sm shrink-0 whitespace-nowrap">
                    {erased ? m.talent_erased_badge() : m.manage_add_already_referred()}
                  </span>
                ) : (
                  <Link
                    to="/manage-task/add/profile-completion"
                    search={{ taskId: String(taskId), talentId: String(talent.id), picked: true }}
                    className="btn btn-sm btn-outline btn-primary shrink-0"
                    aria-label={m.manage_add_pick_talent({ name: talent.fullName })}
                  >
                    {m.manage_add_pick_short()}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
