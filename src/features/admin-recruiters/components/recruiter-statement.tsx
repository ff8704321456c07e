import { useQuery } from '@tanstack/react-query';
import { DownloadButton } from '#src/components/download-button.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { StatementView, StatementYearPicker } from '#src/components/statement/statement-view.tsx';
import { downloadRecruiterStatementPdf, recruiterStatementQueryOptions } from '#src/features/admin-recruiters/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { m } from '#src/paraglide/messages.js';

/** The calendar year in Malaysia (UTC+8, no daylight saving) now. */
const malaysiaYear = () => new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();

// The recruiter's yearly statement as they read it (issue 46), and its PDF in their language: what an
// admin checks before the year's CP58 forms, or sends a recruiter who asks. Without a year chosen, this
// year, or the last year they were paid when nothing is paid this year yet.
export function RecruiterStatement({
  recruiterId,
  asked,
  onYear,
}: {
  recruiterId: number;
  asked: number | undefined;
  onYear: (year: number) => void;
}) {
  const thisYear = malaysiaYear();
  const first = useQuery(recruiterStatementQueryOptions(recruiterId, asked ?? thisYear));
  const lastPaid = first.data?.years[0];
  const year =
    asked ?? (first.data && first.data.payments.length === 0 && lastPaid !== undefined ? lastPaid : thisYear);
  // The same query as `first` unless the year moved to the last one paid.
  const statement = useQuery({
    ...recruiterStatementQueryOptions(recruiterId, year),
    enabled: first.isSuccess || asked !== undefined,
  });
  const data = statement.data;
  return (
    <section aria-labelledby="recruiter-statement" className="space-y-3">
      <div>
        <h2 id="recruiter-statement" className="text-lg font-semibold">
          {m.statement_heading()}
        </h2>
        <p className="text-sm text-base-content/70">{m.statement_intro_admin()}</p>
      </div>
      {data ? (
        <>
          <StatementYearPicker id="recruiter-statement-year" year={year} years={data.years} onYear={onYear} />
          <StatementView
            statement={data}
            empty={m.statement_empty_admin({ year: String(year) })}
            actions={
              data.payments.length > 0 && (
                <DownloadButton
                  label={m.statement_download_pdf()}
                  download={() => downloadRecruiterStatementPdf(recruiterId, year)}
                />
              )
            }
          />
        </>
      ) : statement.isError || first.isError ? (
        <FormAlert message={errorMessage(statement.error ?? first.error)} />
      ) : (
        <div className="skeleton h-24 w-full" aria-busy="true" />
      )}
    </section>
  );
}
