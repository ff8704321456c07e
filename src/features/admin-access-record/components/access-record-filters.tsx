import { FilterSelect, labelledOptions } from '#src/components/list/filter-select.tsx';
import type { AccessRecordSearch } from '#src/features/admin-access-record/search.ts';
import { formatDate } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import { ACCESS_ACTIONS, type AccessActionName } from '#src/shared/access-log-schemas.ts';
import { ACTION_LABELS } from './access-record-labels';

type FiltersProps = {
  search: AccessRecordSearch;
  /** The actor the list is narrowed to, by name, when it is (chosen from a line of the list). */
  actorLabel: string | null;
  onChange: (patch: Partial<AccessRecordSearch>) => void;
};

const ACTION_OPTION_LABELS: Record<'' | AccessActionName, () => string> = {
  '': m.access_record_action_all,
  ...ACTION_LABELS,
};

function DayField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (day: string) => void;
}) {
  // The browser draws the day in its own language and order (see DateTimeField): the app's reading of it
  // sits beside it, so "01/12/2026" is never a guess between January and December.
  const chosen = /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(`${value}T00:00:00Z`, { timeZone: 'UTC' }) : '';
  return (
    <label className="input input-sm w-full sm:w-auto" htmlFor={id}>
      <span className="label">{label}</span>
      <input
        id={id}
        type="date"
        value={value}
        aria-describedby={chosen ? `${id}-chosen` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {chosen && (
        <span id={`${id}-chosen`} className="text-xs whitespace-nowrap text-base-content/70">
          {chosen}
        </span>
      )}
    </label>
  );
}

// The record's filters: the action, a range of days (in the admin's zone), the talent by id; the actor is
// picked from a line of the list and shown here as a chip that removes it.
export function AccessRecordFilters({ search, actorLabel, onChange }: FiltersProps) {
  const change = (patch: Partial<AccessRecordSearch>) => onChange({ ...patch, page: 1 });
  return (
    <fieldset className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      <legend className="sr-only">{m.access_record_filters_label()}</legend>
      <FilterSelect
        id="access-record-action"
        label={m.access_record_filter_action()}
        value={search.action}
        onChange={(action) => change({ action })}
        options={labelledOptions(['', ...ACCESS_ACTIONS] as const, ACTION_OPTION_LABELS)}
      />
      <DayField
        id="access-record-from"
        label={m.access_record_from()}
        value={search.from}
        onChange={(from) => change({ from })}
      />
      <DayField
        id="access-record-to"
        label={m.access_record_to()}
        value={search.to}
        onChange={(to) => change({ to })}
      />
      <label className="input input-sm w-full sm:w-44" htmlFor="access-record-talent">
        <span className="label">{m.access_record_talent_id()}</span>
        <input
          id="access-record-talent"
          type="number"
          inputMode="numeric"
          min={1}
          value={search.talentId ?? ''}
          onChange={(event) => {
            const id = Number(event.target.value);
            change({ talentId: Number.isInteger(id) && id > 0 ? id : undefined });
          }}
        />
      </label>
      {search.actorId !== undefined && (
        <span className="badge badge-lg gap-1" data-testid="access-record-actor-filter">
          {m.access_record_actor_filter({ name: actorLabel ?? `#${search.actorId}` })}
          <button
            type="button"
            className="btn btn-ghost btn-xs btn-circle"
            aria-label={m.access_record_actor_filter_remove()}
            onClick={() => change({ actorId: undefined })}
          >
            <span aria-hidden="true">✕</span>
          </button>
        </span>
      )}
    </fieldset>
  );
}
