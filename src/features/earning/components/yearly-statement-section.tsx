import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { DownloadButton } from '#src/components/download-button.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { StatementView, StatementYearPicker } from '#src/components/statement/statement-view.tsx';
import { downloadStatementPdf, statementQueryOptions } from '#src/features/earning/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { m } from '#src/paraglide/messages.js';
import { getLocale } from '#src/paraglide/runtime.js';
import { Cp58Request } from './cp58-request';

const route = getRouteApi('/_auth/earning');

/** The calendar year in Malaysia (UTC+8, no daylight saving) now. */
const malaysiaYear = () => new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();

// "Yearly statement" (issue 46): the payments paid to me in a calendar year with their referrals and
// totals, and what section 107D withheld, for my own tax return; the PDF in the language I read the app in;
// and, for a year that is over, my Form CP58 or the button that asks for it.
// It loads on its own, after the page: the rest of Earnings does not wait for it.
export function YearlyStatementSection() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const thisYear = malaysiaYear();
  const asked = search.statementYear;
  const first = useQuery(statementQueryOptions(asked ?? thisYear));
  // Nothing paid yet this year (January's question is last year's return): the last year paid instead.
  const lastPaid = first.data?.years[0];
  const year =
    asked ?? (first.data && first.data.payments.length === 0 && lastPaid !== undefined ? lastPaid : thisYear);
  // The same query as `first` unless the year moved to the last one paid.
  const statement = useQuery({ ...statementQueryOptions(year), enabled: first.isSuccess || asked !== undefined });
  const data = statement.data;

  return (
    <section aria-labelledby="earning-statement" className="space-y-3">
      <div>
        <h2 id="earning-statement" className="text-lg font-semibold">
          {m.statement_heading()}
        </h2>
        <p className="text-sm text-base-content/70">{m.statement_intro_recruiter()}</p>
      </div>
      {data ? (
        <>
          <StatementYearPicker
            id="earning-statement-year"
            year={year}
            years={data.years}
            onYear={(statementYear) =>
              navigate({ search: (prev) => ({ ...prev, statementYear }), resetScroll: false, replace: true })
            }
          />
          <StatementView
            statement={data}
            empty={m.statement_empty_recruiter({ year: String(year) })}
            actions={
              data.payments.length > 0 && (
                <DownloadButton
                  label={m.statement_download_pdf()}
                  download={() => downloadStatementPdf(year, getLocale())}
                />
              )
            }
          />
          {data.totals.some((total) => total.withheld > 0) && (
            <p className="text-xs text-base-content/70">{m.statement_withheld_note()}</p>
          )}
          {/* A form states a whole year: none for the year still running. */}
          {year < thisYear && data.payments.length > 0 && <Cp58Request statement={data} />}
        </>
      ) : statement.isError || first.isError ? (
        <FormAlert message={errorMessage(statement.error ?? first.error)} />
      ) : (
        <div className="skeleton h-24 w-full" aria-busy="true" />
      )}
    </section>
  );
}
