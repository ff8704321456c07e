import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MonthField } from '#src/components/form/month-field.tsx';
import { SearchBox } from '#src/components/list/search-box.tsx';
import { scopeOptionsQueryOptions } from '#src/features/admin-insight/api.ts';
import { type InsightSearch, SCOPE_PARAMS, type ScopeKind, scopeOf } from '#src/features/admin-insight/search.ts';
import { m } from '#src/paraglide/messages.js';
import type { FunnelAnswer } from '#src/shared/insight.ts';

type PickKind = Exclude<ScopeKind, 'all'>;

const KIND_LABELS: Record<ScopeKind, () => string> = {
  all: m.admin_insight_scope_all,
  task: m.admin_insight_scope_task,
  promo: m.admin_insight_scope_promo,
  recruiter: m.admin_insight_scope_recruiter,
  company: m.admin_insight_scope_company,
};
// The years a period's months are picked from: the five up to this one (and the shown month's own year,
// when a link asks for an older one).
const YEARS_OFFERED = 5;

const PICK_LABELS: Record<PickKind, () => string> = {
  task: m.admin_insight_pick_task,
  promo: m.admin_insight_pick_promo,
  recruiter: m.admin_insight_pick_recruiter,
  company: m.admin_insight_pick_company,
};

/** The first matches of the admin's own lists (promos, tasks, recruiters), each a button that scopes the funnel. */
function ScopePicker({ kind, onPick }: { kind: PickKind; onPick: (id: number) => void }) {
  const [text, setText] = useState('');
  const query = useQuery({ ...scopeOptionsQueryOptions(kind, text), placeholderData: (prev) => prev });
  return (
    <div className="max-w-xl space-y-2" data-testid="insight-scope-picker">
      <SearchBox id={`insight-pick-${kind}`} value={text} onSearch={setText} label={PICK_LABELS[kind]()} />
      {query.isPending && (
        <span role="status" className="loading loading-dots loading-sm" aria-label={m.common_loading()} />
      )}
      {query.data?.length === 0 && <p className="text-sm text-base-content/70">{m.admin_insight_pick_none()}</p>}
      {query.data && query.data.length > 0 && (
        <ul
          className="max-h-64 divide-y divide-base-300 overflow-y-auto rounded-box border border-base-300"
          aria-label={PICK_LABELS[kind]()}
        >
          {query.data.map((option) => (
            <li key={option.id}>
              <button
                type="button"
                className="flex w-full min-w-0 flex-col items-start px-3 py-2 text-left hover:bg-base-200"
                onClick={() => onPick(option.id)}
                data-testid="insight-scope-option"
              >
                <span className="w-full truncate font-medium">{option.label}</span>
                {option.detail && <span className="w-full truncate text-xs text-base-content/60">{option.detail}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

// The period (two months) and the scope (everyone, or one task, promo, recruiter or hiring company). Both live in the URL;
// a picked scope shows its name from the funnel's answer, with a way back to everyone.
export function InsightFilters({
  search,
  funnel,
  onChange,
}: {
  search: InsightSearch;
  funnel: FunnelAnswer;
  onChange: (next: InsightSearch) => void;
}) {
  const scope = scopeOf(search);
  // The kind being picked, before an id is chosen (not in the URL until then).
  const [picking, setPicking] = useState<PickKind | null>(null);
  const kind: ScopeKind = picking ?? scope.kind;
  const period = { from: search.from, to: search.to };
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: YEARS_OFFERED }, (_, index) => thisYear - YEARS_OFFERED + 1 + index);

  function setMonth(which: 'from' | 'to', value: string) {
    if (!value) return;
    const from = which === 'from' ? value : (search.from ?? funnel.from);
    const to = which === 'to' ? value : (search.to ?? funnel.to);
    // A start after the end moves the other end along, so the period stays one the API answers. (Months
    // compare as text: 'YYYY-MM'.)
    const next = { from, to };
    if (from > to) {
      if (which === 'from') next.to = from;
      else next.from = to;
    }
    onChange({ ...search, ...next });
  }

  const periodScope = (id: number, as: PickKind): InsightSearch => ({ ...period, [SCOPE_PARAMS[as]]: id });

  return (
    <div className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <h2 className="sr-only">{m.admin_insight_filters()}</h2>
        <div className="flex flex-wrap items-end gap-3">
          <MonthField
            id="insight-from"
            label={m.admin_insight_from()}
            value={search.from ?? funnel.from}
            years={years}
            onChange={(value) => setMonth('from', value)}
          />
          <MonthField
            id="insight-to"
            label={m.admin_insight_to()}
            value={search.to ?? funnel.to}
            years={years}
            onChange={(value) => setMonth('to', value)}
          />
          <label className="flex flex-col gap-1 text-sm" htmlFor="insight-scope">
            <span>{m.admin_insight_scope_label()}</span>
            <select
              id="insight-scope"
              className="select select-sm w-48"
              value={kind}
              onChange={(event) => {
                const next = event.target.value as ScopeKind;
                if (next === 'all') {
                  setPicking(null);
                  onChange(period);
                } else {
                  setPicking(next);
                }
              }}
            >
              {(['all', 'task', 'promo', 'recruiter', 'company'] as const).map((value) => (
                <option key={value} value={value}>
                  {KIND_LABELS[value]()}
                </option>
              ))}
            </select>
          </label>
        </div>
        {scope.kind !== 'all' && picking === null && (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span data-testid="insight-scope-label" className="min-w-0 break-words font-medium">
              {m.admin_insight_showing({ scope: funnel.scope.label ?? `#${scope.id}` })}
            </span>
            <button type="button" className="btn btn-xs" onClick={() => onChange(period)}>
              {m.admin_insight_show_everyone()}
            </button>
          </div>
        )}
        {picking !== null && (
          <ScopePicker
            key={picking}
            kind={picking}
            onPick={(id) => {
              setPicking(null);
              onChange(periodScope(id, picking));
            }}
          />
        )}
      </div>
    </div>
  );
}
