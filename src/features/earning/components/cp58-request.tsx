import { useQuery } from '@tanstack/react-query';
import { DownloadButton } from '#src/components/download-button.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { downloadMyCp58, myCp58QueryOptions, useRequestCp58Mutation } from '#src/features/earning/api.ts';
import { asAppError, errorMessage } from '#src/lib/app-error.ts';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { formatDate, formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { YearlyStatement } from '#src/shared/statement-types.ts';

// Form CP58 on my yearly statement (issue 46), for a year that is over: the form issued to me (its latest
// version, to download as issued); else, paid over the threshold in ringgit, when it comes; else the button
// that asks for it (below the threshold the form is given on request) or the request I made.
export function Cp58Request({ statement }: { statement: YearlyStatement }) {
  const query = useQuery(myCp58QueryOptions());
  const request = useRequestCp58Mutation();
  const data = query.data;
  if (!data) return null;
  const year = String(statement.year);
  const form = data.forms.find((f) => f.year === statement.year);
  const asked = data.requests.find((r) => r.year === statement.year && r.waiting);
  const ringgit = statement.totals.find((total) => total.currency === 'MYR')?.amount ?? 0;
  const threshold = formatMoney(data.threshold, 'MYR');

  async function ask() {
    try {
      await request.mutateAsync(statement.year);
      toast.success(m.statement_cp58_request_sent());
    } catch (error) {
      const appError = asAppError(error);
      toast.error(Object.values(fieldErrors(appError.fields))[0] ?? errorMessage(appError));
    }
  }

  return (
    <div className="space-y-2 rounded-box border border-base-300 bg-base-100 p-3 text-sm" data-testid="statement-cp58">
      <h3 className="font-semibold">{m.statement_cp58_heading({ year })}</h3>
      {form ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p>{m.statement_cp58_issued({ version: String(form.version), date: formatDate(form.issuedAt) })}</p>
          <DownloadButton label={m.statement_cp58_download()} download={() => downloadMyCp58(form.id)} />
        </div>
      ) : ringgit > data.threshold ? (
        <p>{m.statement_cp58_over({ threshold, year, next: String(statement.year + 1) })}</p>
      ) : asked ? (
        <p data-testid="statement-cp58-asked">{m.statement_cp58_requested({ date: formatDate(asked.requestedAt) })}</p>
      ) : (
        <>
          <p className="text-base-content/70">{m.statement_cp58_request_hint({ threshold, year })}</p>
          <button
            type="button"
            className="btn btn-sm"
            onClick={ask}
            disabled={request.isPending}
            aria-busy={request.isPending}
          >
            {request.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {m.statement_cp58_request()}
          </button>
        </>
      )}
    </div>
  );
}
