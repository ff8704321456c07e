import { useQuery } from '@tanstack/react-query';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { dataLocationsQueryOptions } from '#src/features/admin-access-record/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { m } from '#src/paraglide/messages.js';
import type { DataLocation, DataLocations } from '#src/shared/access-log-types.ts';

// "Where personal data goes" (issue 24 part 5): for files, the AI note helper, e-mail, the database and
// push notifications (issue 25), where this server keeps or sends them, and plainly whether the data
// leaves this server to get there.

const PLACES: ReadonlyArray<{ key: keyof DataLocations; label: () => string }> = [
  { key: 'files', label: m.data_locations_files },
  { key: 'ai', label: m.data_locations_ai },
  { key: 'email', label: m.data_locations_email },
  { key: 'database', label: m.data_locations_database },
  { key: 'push', label: m.data_locations_push },
];

function where(location: DataLocation): string {
  switch (location.kind) {
    case 'LOCAL_DISK':
      return m.data_locations_local_disk();
    case 'S3':
      return m.data_locations_s3({ host: location.host, region: location.region, bucket: location.bucket });
    case 'BUILTIN_AI':
      return m.data_locations_builtin_ai();
    case 'OPENAI_COMPATIBLE':
      return m.data_locations_openai({ host: location.host, model: location.model });
    case 'SMTP':
      return m.data_locations_smtp({ host: location.host });
    case 'EML_FILES':
      return m.data_locations_eml();
    case 'SQLITE':
      return m.data_locations_sqlite();
    case 'POSTGRES':
      return m.data_locations_postgres({ host: location.host });
    case 'WEB_PUSH':
      return location.hosts.length > 0
        ? m.data_locations_web_push({ hosts: location.hosts.join(', ') })
        : m.data_locations_no_push();
  }
}

function Leaves({ leaves }: { leaves: boolean }) {
  return (
    <span
      className={`badge badge-soft badge-sm whitespace-nowrap ${leaves ? 'badge-warning' : 'badge-success'}`}
      data-testid="data-location-leaves"
    >
      {leaves ? m.data_locations_leaves() : m.data_locations_stays()}
    </span>
  );
}

export function DataLocationsPanel() {
  const query = useQuery(dataLocationsQueryOptions());
  return (
    <section
      className="rounded-box border border-base-300 bg-base-100 p-4"
      aria-labelledby="data-locations-title"
      data-testid="data-locations"
    >
      <h2 id="data-locations-title" className="font-semibold">
        {m.data_locations_title()}
      </h2>
      <p className="text-sm text-base-content/70">{m.data_locations_intro()}</p>
      {query.isError && <FormAlert message={errorMessage(query.error)} />}
      {query.isPending && <div className="skeleton mt-3 h-24 w-full" />}
      {query.data && (
        <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {PLACES.map(({ key, label }) => {
            const location = query.data[key];
            return (
              <div key={key} className="min-w-0" data-testid={`data-location-${key}`}>
                <dt className="flex flex-wrap items-center gap-2 text-sm font-medium">
                  {label()} <Leaves leaves={location.leavesServer} />
                </dt>
                <dd className="text-sm text-base-content/80 break-words">{where(location)}</dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}
