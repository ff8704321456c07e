import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { DownloadButton } from '#src/components/download-button.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { EmptyState } from '#src/components/list/empty-state.tsx';
import { RowSkeletons } from '#src/components/list/row-skeletons.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import {
  cp58YearQueryOptions,
  downloadCp58Archive,
  downloadCp58Csv,
  type IssueProgress,
  useIssueCp58Mutation,
} from '#src/features/admin-paperwork/api.ts';
import { malaysiaYear } from '#src/features/admin-paperwork/search.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { Cp58IssueResult, Cp58Row } from '#src/shared/cp58-types.ts';
import { CP58_PAYER_LABELS } from './cp58-labels';
import { Cp58List, isReady } from './cp58-list';

// Form CP58 for one year (issue 46): who is listed and why, what the payer's settings lack, issuing every
// ready form at once (after a confirmation: each recruiter is told; a large year over several calls, its
// progress shown in the dialog) or one at a time, and the downloads.

const issuedToast = (result: Cp58IssueResult) =>
  m.admin_cp58_issued_toast({
    issued: String(result.issued.length),
    unchanged: String(result.unchanged.length),
    skipped: String(result.skipped.length),
  });

export function Cp58Panel({ year }: { year: number }) {
  const query = useQuery({ ...cp58YearQueryOptions(year), placeholderData: (prev) => prev });
  const issue = useIssueCp58Mutation(year);
  const [confirming, setConfirming] = useState(false);
  const [issuing, setIssuing] = useState<number | null>(null);
  const [progress, setProgress] = useState<IssueProgress | null>(null);

  if (query.isPending) return <RowSkeletons />;
  if (query.isError) return <FormAlert message={errorMessage(query.error)} />;
  const data = query.data;
  const canIssue = data.payerMissing.length === 0;
  const ready = data.rows.filter(isReady);
  const issued = data.rows.some((row) => row.forms.length > 0);
  const threshold = formatMoney(data.threshold, 'MYR');

  async function issueOne(row: Cp58Row) {
    setIssuing(row.recruiter.id);
    try {
      toast.success(issuedToast(await issue.mutateAsync({ recruiterIds: [row.recruiter.id] })));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setIssuing(null);
    }
  }
  async function issueAll() {
    setProgress({ done: 0, total: ready.length });
    try {
      toast.success(issuedToast(await issue.mutateAsync({ onProgress: setProgress })));
      setConfirming(false);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="space-y-4">
      <div className="space-y-1 text-sm text-base-content/80">
        <p data-testid="cp58-threshold">{m.admin_cp58_threshold({ amount: threshold, year: String(year) })}</p>
        <p>{m.admin_cp58_due({ next: String(year + 1) })}</p>
      </div>
      {year >= malaysiaYear() && (
        <div role="status" className="alert alert-soft alert-warning">
          <span>{m.admin_cp58_year_not_over({ year: String(year) })}</span>
        </div>
      )}
      {!canIssue && (
        <FormAlert
          message={m.admin_cp58_payer_missing({
            fields: data.payerMissing.map((missing) => CP58_PAYER_LABELS[missing]()).join(', '),
          })}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-sm btn-primary h-auto min-h-8 max-w-full whitespace-normal"
          disabled={!canIssue || ready.length === 0 || issuing !== null}
          aria-haspopup="dialog"
          onClick={() => setConfirming(true)}
        >
          {m.admin_cp58_issue_all({ count: String(ready.length) })}
        </button>
        {issued && <DownloadButton label={m.admin_cp58_download_zip()} download={() => downloadCp58Archive(year)} />}
        {data.rows.length > 0 && (
          <DownloadButton label={m.admin_cp58_download_csv()} download={() => downloadCp58Csv(year)} />
        )}
      </div>
      {data.rows.length === 0 ? (
        <EmptyState title={m.admin_cp58_empty({ year: String(year), amount: threshold })} />
      ) : (
        <Cp58List year={year} rows={data.rows} canIssue={canIssue} issuing={issuing} onIssue={issueOne} />
      )}
      {confirming && (
        <ConfirmDialog
          tone="primary"
          title={m.admin_cp58_issue_all_title({ year: String(year) })}
          text={m.admin_cp58_issue_all_text({ count: String(ready.length) })}
          confirmLabel={m.admin_cp58_issue_confirm()}
          cancelLabel={m.admin_cp58_cancel()}
          pending={issue.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={issueAll}
        >
          {progress && (
            <div role="status" className="space-y-1 pb-2">
              <progress
                className="progress progress-primary w-full"
                value={progress.done}
                max={Math.max(progress.total, 1)}
                aria-label={m.admin_cp58_issuing_progress_label()}
              />
              <p className="text-sm" data-testid="cp58-issue-progress">
                {m.admin_cp58_issuing_progress({ done: String(progress.done), total: String(progress.total) })}
              </p>
            </div>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
