import { useQuery } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { Choice, ChoiceGroup } from '#src/components/form/fields.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { Pagination } from '#src/components/list/pagination.tsx';
import { SearchBox } from '#src/components/list/search-box.tsx';
import { SHARE_PICK_PAGE_SIZE, taskReferralsQueryOptions } from '#src/features/admin-companies/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { CONSENT_LABELS, HIRING_LABELS } from '#src/lib/enum-labels/referral-labels.ts';
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import type { AdminReferralRow } from '#src/shared/admin-referral-types.ts';

const CLOSED = ['HIRED', 'REJECTED', 'WITHDRAWN'];

/** Why a referral cannot go on a link, as the server would say; null when it can. */
export function notShareable(referral: Pick<AdminReferralRow, 'consentStatus' | 'hiringStatus'>): string | null {
  if (referral.consentStatus !== 'CONFIRMED') return m.admin_share_refused_consent();
  if (CLOSED.includes(referral.hiringStatus)) return m.admin_share_refused_closed();
  return null;
}

// The task's referrals to tick, a page at a time with a search by name once there is more than a page
// (a task can have hundreds): ticks stay across pages and searches, and the count of them says so.
export function ShareReferralPicker({
  taskId,
  picked,
  setPicked,
  refused,
  disabled,
  error,
}: {
  taskId: number;
  picked: number[];
  setPicked: Dispatch<SetStateAction<number[]>>;
  /** The server's refusals of the last request, by referral. */
  refused: Record<number, string>;
  disabled: boolean;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const referrals = useQuery(taskReferralsQueryOptions(taskId, search, page));
  const items = referrals.data?.items ?? [];
  const total = referrals.data?.total ?? 0;
  const paged = total > SHARE_PICK_PAGE_SIZE || search !== '';
  return (
    <ChoiceGroup id="share-referrals" legend={m.admin_share_referrals()} error={error}>
      <div className="flex w-full flex-col gap-1">
        {paged && (
          <div className="flex flex-wrap items-center gap-2">
            <SearchBox
              id="share-referral-search"
              label={m.admin_share_search_referrals()}
              value={search}
              onSearch={(text) => {
                setSearch(text);
                setPage(1);
              }}
            />
          </div>
        )}
        {picked.length > 0 && (
          <p className="text-sm font-medium" data-testid="share-picked">
            {m.admin_share_picked({ count: String(picked.length) })}
          </p>
        )}
        {referrals.isPending && <span className="text-sm text-base-content/70">{m.common_loading()}</span>}
        {referrals.isError && <FormAlert message={errorMessage(referrals.error)} />}
        {referrals.data && items.length === 0 && (
          <span className="text-sm text-base-content/70">
            {search ? m.admin_share_no_match() : m.admin_share_no_referrals()}
          </span>
        )}
        {items.map((referral) => {
          const why = notShareable(referral);
          return (
            <div key={referral.id} className="flex flex-col" data-testid="share-referral">
              <Choice
                type="checkbox"
                name="share-referral"
                value={String(referral.id)}
                checked={picked.includes(referral.id)}
                disabled={why !== null || disabled}
                onChange={(on) =>
                  setPicked((list) => (on ? [...list, referral.id] : list.filter((x) => x !== referral.id)))
                }
                label={
                  <span>
                    {talentDisplayName(referral.talentName)}{' '}
                    <span className="text-xs text-base-content/60">
                      {HIRING_LABELS[referral.hiringStatus]()} · {CONSENT_LABELS[referral.consentStatus]()}
                    </span>
                  </span>
                }
              />
              {(refused[referral.id] ?? why) && (
                <span
                  className={`-mt-2 mb-1 ml-7 text-xs ${refused[referral.id] ? 'text-error' : 'text-base-content/60'}`}
                >
                  {refused[referral.id] ?? why}
                </span>
              )}
            </div>
          );
        })}
        {total > SHARE_PICK_PAGE_SIZE && referrals.data && (
          <Pagination
            idPrefix="share-referrals"
            page={referrals.data.page}
            pageSize={SHARE_PICK_PAGE_SIZE}
            total={total}
            pageSizes={false}
            onChange={(next) => setPage(next.page)}
          />
        )}
      </div>
    </ChoiceGroup>
  );
}
