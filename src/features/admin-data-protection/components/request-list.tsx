import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { Pagination } from '#src/components/list/pagination.tsx';
import { RowSkeletons } from '#src/components/list/row-skeletons.tsx';
import { ScrollRegion } from '#src/components/list/scroll-region.tsx';
import { Modal } from '#src/components/modal.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { dataRequestsQueryOptions, useCloseRequestMutation } from '#src/features/admin-data-protection/api.ts';
import {
  REQUEST_KIND_LABELS,
  REQUEST_STATUS_LABELS,
  requestClock,
} from '#src/features/admin-data-protection/labels.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { formatDate } from '#src/lib/format.ts';
import { languageName } from '#src/lib/intl-names.ts';
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { useValidatedForm } from '#src/lib/use-validated-form.ts';
import { m } from '#src/paraglide/messages.js';
import {
  type CloseDataRequestInput,
  closeDataRequestSchema,
  type DataRequestStatus,
} from '#src/shared/data-protection-schemas.ts';
import type { DataRequestRow } from '#src/shared/data-protection-types.ts';

type Filters = { status: DataRequestStatus; page: number; pageSize: number };

// The talents' correction and withdrawal requests, the one due soonest first, each with its clock.
export function RequestList({
  filters,
  onChange,
  onOpenPerson,
}: {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
  onOpenPerson: (talentId: number) => void;
}) {
  const query = useQuery({ ...dataRequestsQueryOptions(filters), placeholderData: (prev) => prev });
  const [closing, setClosing] = useState<DataRequestRow | null>(null);
  return (
    <div className="space-y-3">
      <div role="tablist" className="tabs tabs-box tabs-sm w-fit" aria-label={m.data_protection_status_filter()}>
        {(['OPEN', 'DONE', 'REFUSED'] as const).map((status) => (
          <button
            key={status}
            type="button"
            role="tab"
            aria-selected={filters.status === status}
            className={`tab ${filters.status === status ? 'tab-active' : ''}`}
            onClick={() => onChange({ status, page: 1 })}
          >
            {REQUEST_STATUS_LABELS[status]()}
          </button>
        ))}
      </div>
      {query.isPending && <RowSkeletons />}
      {query.isError && <FormAlert message={errorMessage(query.error)} />}
      {query.data &&
        (query.data.items.length === 0 ? (
          <p className="text-sm text-base-content/70" data-testid="requests-none">
            {m.data_protection_requests_none()}
          </p>
        ) : (
          <>
            <ScrollRegion label={m.data_protection_tab_requests()}>
              <table className="table table-sm" data-testid="request-table">
                <thead>
                  <tr>
                    <th>{m.data_protection_col_person()}</th>
                    <th>{m.data_protection_col_kind()}</th>
                    <th>{m.data_protection_col_message()}</th>
                    <th>{m.data_protection_col_due()}</th>
                    <th>{filters.status === 'OPEN' ? '' : m.data_protection_col_response()}</th>
                  </tr>
                </thead>
                <tbody>
                  {query.data.items.map((r) => (
                    <RequestRow key={r.id} row={r} onOpenPerson={onOpenPerson} onClose={() => setClosing(r)} />
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <Pagination
              page={query.data.page}
              pageSize={query.data.pageSize}
              total={query.data.total}
              onChange={onChange}
              idPrefix="requests"
            />
          </>
        ))}
      {closing && (
        <CloseRequestDialog
          row={closing}
          onClose={() => setClosing(null)}
          onOpenPerson={(talentId) => {
            setClosing(null);
            onOpenPerson(talentId);
          }}
        />
      )}
    </div>
  );
}

function RequestRow({
  row,
  onOpenPerson,
  onClose,
}: {
  row: DataRequestRow;
  onOpenPerson: (talentId: number) => void;
  onClose: () => void;
}) {
  const overdue = row.status === 'OPEN' && row.daysLeft < 0;
  return (
    <tr data-testid="request-row">
      <td>
        <button type="button" className="link link-hover font-medium" onClick={() => onOpenPerson(row.talent.id)}>
          {talentDisplayName(row.talent.fullName)}
        </button>
        <div className="text-xs text-base-content/60">
          {m.data_protection_request_recruiter({ name: row.recruiter.name })}
        </div>
      </td>
      <td>
        <div>{REQUEST_KIND_LABELS[row.kind]()}</div>
        <RequestTask row={row} />
      </td>
      <td className="max-w-80 break-words">{row.message ?? '—'}</td>
      <td className="whitespace-nowrap">
        <div>{formatDate(row.dueAt)}</div>
        {row.status === 'OPEN' && (
          <div
            className={`text-xs ${overdue ? 'font-semibold text-error' : 'text-base-content/70'}`}
            data-testid="request-clock"
          >
            {requestClock(row.daysLeft)}
          </div>
        )}
      </td>
      <td>
        {row.status === 'OPEN' ? (
          <button type="button" className="btn btn-xs whitespace-nowrap" onClick={onClose}>
            {m.data_protection_request_close()}
          </button>
        ) : (
          <div className="max-w-80 text-sm break-words">
            <div>{row.response}</div>
            <div className="text-xs text-base-content/60">
              {row.closedAt &&
                m.data_protection_request_closed_by({ name: row.closedBy ?? '—', date: formatDate(row.closedAt) })}
            </div>
          </div>
        )}
      </td>
    </tr>
  );
}

// A withdrawal names the job whose consent was withdrawn: the talent may have several referrals, and the
// admin answers about this one.
function RequestTask({ row }: { row: DataRequestRow }) {
  if (!row.task) return null;
  return (
    <div className="text-xs text-base-content/70" data-testid="request-task">
      {m.data_protection_request_task({ code: row.task.code, title: row.task.title, company: row.task.company })}
    </div>
  );
}

// The request is quoted in the dialog (the table behind it is dimmed), with the way to the person to make
// the change first: the talent reads the reply on their data page, beside what is held about them, so a
// "done" must be true there.
function CloseRequestDialog({
  row,
  onClose,
  onOpenPerson,
}: {
  row: DataRequestRow;
  onClose: () => void;
  onOpenPerson: (talentId: number) => void;
}) {
  const titleId = useId();
  // Nothing is picked: "done" must be the admin's choice, made once the change is made, not a default.
  const [status, setStatus] = useState<'DONE' | 'REFUSED' | null>(null);
  const [response, setResponse] = useState('');
  const mutation = useCloseRequestMutation(row.id);
  // null until picked: the schema refuses it with "Choose whether the request is done or refused."
  const values = { status, response } as CloseDataRequestInput;
  const { errors, formError, onSubmitOf, formRef } = useValidatedForm(closeDataRequestSchema, values);
  const pending = mutation.isPending;
  return (
    <Modal labelledBy={titleId} boxClassName="modal-box space-y-3" onClose={() => !pending && onClose()}>
      <h3 id={titleId} className="text-lg font-semibold">
        {m.data_protection_close_title({ name: talentDisplayName(row.talent.fullName) })}
      </h3>
      <figure className="space-y-1 rounded-box bg-base-200 p-3 text-sm" data-testid="close-request-quote">
        <figcaption className="text-xs text-base-content/70">
          {m.data_protection_close_request()} · {REQUEST_KIND_LABELS[row.kind]()}
          <RequestTask row={row} />
        </figcaption>
        <blockquote className="break-words">{row.message ?? '—'}</blockquote>
      </figure>
      <p className="text-sm">{m.data_protection_close_check()}</p>
      {row.talent.erasedAt === null && (
        <button type="button" className="btn btn-sm btn-outline" onClick={() => onOpenPerson(row.talent.id)}>
          {m.data_protection_open_named({ name: talentDisplayName(row.talent.fullName) })}
        </button>
      )}
      <form
        ref={formRef}
        noValidate
        className="space-y-2"
        onSubmit={onSubmitOf(values, async (input) => {
          await mutation.mutateAsync(input);
          toast.success(m.data_protection_close_done());
          onClose();
        })}
      >
        {formError && <FormAlert message={errorMessage(formError)} />}
        <fieldset className="fieldset">
          <legend className="fieldset-legend">{m.data_protection_close_outcome()}</legend>
          {(['DONE', 'REFUSED'] as const).map((value) => (
            <label key={value} className="label cursor-pointer gap-2">
              <input
                type="radio"
                className="radio radio-sm"
                name="close-status"
                checked={status === value}
                onChange={() => setStatus(value)}
              />
              {REQUEST_STATUS_LABELS[value]()}
            </label>
          ))}
          {errors.status && <p className="label text-error text-wrap">{errors.status}</p>}
        </fieldset>
        <fieldset className="fieldset">
          <label className="fieldset-legend" htmlFor="close-response">
            {m.data_protection_close_response()}
          </label>
          <textarea
            id="close-response"
            className={`textarea w-full ${errors.response ? 'textarea-error' : ''}`}
            rows={3}
            value={response}
            onChange={(event) => setResponse(event.target.value)}
            aria-invalid={errors.response ? true : undefined}
            aria-describedby="close-response-language"
          />
          <p id="close-response-language" className="label text-wrap" data-testid="close-response-language">
            {m.data_request_answer_language({ language: languageName(row.talent.locale) })}
          </p>
          {errors.response && <p className="label text-error text-wrap">{errors.response}</p>}
        </fieldset>
        <div className="modal-action">
          <button type="button" className="btn btn-sm" onClick={onClose} disabled={pending}>
            {m.data_protection_cancel()}
          </button>
          <button type="submit" className="btn btn-sm btn-primary" disabled={pending} aria-busy={pending}>
            {m.data_protection_close_submit()}
          </button>
        </div>
      </form>
    </Modal>
  );
}
