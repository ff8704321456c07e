import { ListPagination } from '#src/components/list/list-pagination.tsx';
import { ListEmpty } from '#src/components/list/list-states.tsx';
import { type Column, TableAndCards } from '#src/components/list/table-and-cards.tsx';
import type { AccessRecordSearch } from '#src/features/admin-access-record/search.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { AccessLogEntry } from '#src/shared/access-log-types.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import { ACTION_LABELS, actorName, subjectText } from './access-record-labels';

type ListProps = {
  data: ListPage<AccessLogEntry>;
  search: AccessRecordSearch;
  onChange: (patch: Partial<AccessRecordSearch>) => void;
};

type Narrow = (patch: Partial<AccessRecordSearch>) => void;

// A user's name narrows the list to what they did; "System" and "Talent" are no one to narrow to.
function Actor({ entry, narrow }: { entry: AccessLogEntry; narrow: Narrow }) {
  const { actor } = entry;
  const name = actorName(actor);
  const user = (actor.kind === 'ADMIN' || actor.kind === 'RECRUITER') && actor.id !== null;
  return (
    <div className="min-w-0">
      {user ? (
        <button
          type="button"
          className="link link-hover text-left font-medium"
          title={m.access_record_actor_only({ name })}
          onClick={() => narrow({ actorId: actor.id ?? undefined, page: 1 })}
        >
          {name}
        </button>
      ) : (
        <span className="font-medium">{name}</span>
      )}
      {actor.email && <div className="truncate text-xs text-base-content/70">{actor.email}</div>}
    </div>
  );
}

function Talent({ entry, narrow }: { entry: AccessLogEntry; narrow: Narrow }) {
  if (entry.talentId === null) return <span className="text-base-content/50">—</span>;
  const label = m.access_record_talent({ id: String(entry.talentId) });
  return (
    <button
      type="button"
      className="link link-hover whitespace-nowrap"
      title={m.access_record_talent_only({ id: String(entry.talentId) })}
      onClick={() => narrow({ talentId: entry.talentId ?? undefined, page: 1 })}
    >
      {label}
    </button>
  );
}

function Reason({ entry }: { entry: AccessLogEntry }) {
  const reason = entry.detail.reason;
  if (typeof reason !== 'string' || reason === '') return null;
  return <div className="text-xs text-base-content/70">{m.access_record_reason({ reason })}</div>;
}

/** The IP address and, below it, the browser as it named itself (cut, whole on hover). */
function Origin({ entry }: { entry: AccessLogEntry }) {
  if (!entry.ip && !entry.userAgent) return <span className="text-base-content/50">—</span>;
  return (
    <div className="min-w-0 max-w-64">
      {entry.ip && <div className="font-mono text-xs">{entry.ip}</div>}
      {entry.userAgent && (
        <div className="truncate text-xs text-base-content/70" title={entry.userAgent}>
          {entry.userAgent}
        </div>
      )}
    </div>
  );
}

const columns = (narrow: Narrow): Column<AccessLogEntry>[] => [
  {
    header: m.access_record_col_when(),
    className: 'whitespace-nowrap text-sm',
    testId: 'access-record-when',
    cell: (entry) => formatDateTime(entry.at),
  },
  { header: m.access_record_col_actor(), cell: (entry) => <Actor entry={entry} narrow={narrow} /> },
  {
    header: m.access_record_col_action(),
    testId: 'access-record-action',
    cell: (entry) => (
      <>
        <div>{ACTION_LABELS[entry.action]()}</div>
        <Reason entry={entry} />
      </>
    ),
  },
  { header: m.access_record_col_subject(), testId: 'access-record-subject', cell: subjectText },
  { header: m.access_record_col_talent(), cell: (entry) => <Talent entry={entry} narrow={narrow} /> },
  { header: m.access_record_col_origin(), cell: (entry) => <Origin entry={entry} /> },
];

// The record, newest first: a table on a desktop, cards on a smaller screen.
export function AccessRecordList({ data, search, onChange }: ListProps) {
  const filtered =
    search.action !== '' ||
    search.actorId !== undefined ||
    search.talentId !== undefined ||
    search.from !== '' ||
    search.to !== '' ||
    search.page > 1;
  return (
    <div className="space-y-3">
      {data.items.length === 0 ? (
        <ListEmpty
          filtered={filtered}
          title={m.access_record_empty()}
          onClear={() => onChange({ action: '', actorId: undefined, talentId: undefined, from: '', to: '', page: 1 })}
        />
      ) : (
        <TableAndCards
          label={m.access_record_list_label()}
          items={data.items}
          columns={columns(onChange)}
          compact
          rowTestId="access-record-row"
          cardTestId="access-record-card"
          card={(entry) => (
            <>
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 className="font-semibold">{ACTION_LABELS[entry.action]()}</h3>
                  <p className="text-sm">{subjectText(entry)}</p>
                  <Reason entry={entry} />
                </div>
                <span className="whitespace-nowrap text-xs text-base-content/70">{formatDateTime(entry.at)}</span>
              </div>
              <Actor entry={entry} narrow={onChange} />
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                <Talent entry={entry} narrow={onChange} />
                <Origin entry={entry} />
              </div>
            </>
          )}
        />
      )}
      <ListPagination idPrefix="access-record" data={data} onChange={onChange} />
    </div>
  );
}
