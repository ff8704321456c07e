import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import { problemOf } from '#src/components/link-problem.tsx';
import {
  talentCallProofUrl,
  talentDataExportUrl,
  talentDataQueryOptions,
  talentResumeUrl,
  useTalentDataMutations,
} from '#src/features/talent-links/api.ts';
import { type AppError, asAppError } from '#src/lib/app-error.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import { getLocale } from '#src/paraglide/runtime.js';
import { localePath } from '#src/shared/locale-path.ts';
import { CORRECTION_REQUEST_LIMIT, DATA_REQUEST_DAYS } from '#src/shared/retention.ts';
import type { DataLine } from '#src/shared/talent-data-lines.ts';
import { dataKeptByOthers, type TalentDataReferral, type TalentDataView } from '#src/shared/talent-link-data.ts';
import { talentDataSections } from '#src/shared/talent-link-document.ts';
import { TALENT_CORRECTION_MAX } from '#src/shared/talent-link-schemas.ts';
import { LinkCard } from './link-card';
import { TalentLinkProblem } from './link-problem';
import { WithdrawButtons } from './withdraw-buttons';

// The talent's data page (`/talent/data?token=…`, issue 24): everything held about them, as the download
// has it, and their rights on it: download, ask for a correction, withdraw consent. Phone first.
export function TalentDataPage({ token }: { token: string }) {
  const query = useQuery(talentDataQueryOptions(token));
  const view = query.data;
  const error = query.error ? asAppError(query.error) : null;
  let body: ReactNode;
  if (error && !view) body = <DataProblem error={error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  else if (!view) body = <DataLoading />;
  else body = <DataBody token={token} view={view} />;
  return <DataFrame>{body}</DataFrame>;
}

export function TalentDataLoading() {
  return (
    <DataFrame>
      <DataLoading />
    </DataFrame>
  );
}

function DataFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5">
      <h1 className="text-2xl font-semibold">{m.talent_data_heading()}</h1>
      {children}
    </div>
  );
}

function DataLoading() {
  return (
    <p role="status" className="flex items-center gap-2 text-base-content/70">
      <span className="loading loading-spinner loading-md" aria-hidden="true" />
      {m.common_loading()}
    </p>
  );
}

// An unknown link is also what an erased talent's link becomes (the eraser deletes it): say no data is held.
function DataProblem({ error, onRetry, retrying }: { error: AppError; onRetry: () => void; retrying: boolean }) {
  const problem = problemOf(error);
  if (problem === 'invalid' || problem === 'expired') {
    const expired = problem === 'expired';
    return (
      <section className="flex flex-col gap-3" aria-labelledby="talent-data-problem" data-testid="talent-data-problem">
        <h2 id="talent-data-problem" className="text-xl font-semibold">
          {expired ? m.talent_data_expired_heading() : m.talent_data_no_data_heading()}
        </h2>
        <p className="text-base-content/80">{expired ? m.talent_data_expired_text() : m.talent_data_no_data_text()}</p>
        <Link to="/talent/data/request" className="btn btn-outline sm:self-start">
          {m.talent_data_request_link()}
        </Link>
      </section>
    );
  }
  return <TalentLinkProblem problem={problem} onRetry={onRetry} retrying={retrying} />;
}

function DataBody({ token, view }: { token: string; view: TalentDataView }) {
  const sections = talentDataSections(view, getLocale(), (iso) => formatDateTime(iso));
  const { correction, withdrawal } = useTalentDataMutations(token);
  return (
    <>
      <p className="text-base-content/80">{m.talent_data_intro()}</p>
      <p className="text-sm text-base-content/70">{m.talent_data_expires({ date: formatDateTime(view.expiresAt) })}</p>
      <DownloadCard token={token} />
      {sections.map((section) => (
        <section key={section.id} className="flex flex-col gap-3" aria-labelledby={`talent-data-${section.id}`}>
          <h2 id={`talent-data-${section.id}`} className="text-xl font-semibold">
            {section.heading}
          </h2>
          <Lines lines={section.lines} />
          {section.id === 'resume' && view.resume && (
            <a href={talentResumeUrl(token)} className="btn btn-outline sm:self-start" download>
              {m.talent_data_resume_download()}
            </a>
          )}
          {section.items.map((item) => (
            <div
              key={item.id ?? item.title + (item.referral?.id ?? '') + (item.proof ? `proof-${item.proof.id}` : '')}
              className="flex flex-col gap-2 rounded-box border border-base-300 p-4"
            >
              <h3 className="font-semibold">{item.title}</h3>
              <Lines lines={item.lines} />
              {item.proof && (
                <a
                  href={talentCallProofUrl(token, item.proof.id)}
                  className="btn btn-outline btn-sm sm:self-start"
                  download
                >
                  {m.talent_data_proof_download()}
                </a>
              )}
              {item.referral && (
                <ReferralConsent
                  referral={item.referral}
                  view={view}
                  pending={withdrawal.isPending && withdrawal.variables === item.referral.id}
                  error={
                    withdrawal.error && withdrawal.variables === item.referral.id
                      ? errorText(asAppError(withdrawal.error))
                      : null
                  }
                  justNow={withdrawal.isSuccess && withdrawal.variables === item.referral.id}
                  onWithdraw={() => withdrawal.mutate(item.referral?.id ?? 0)}
                />
              )}
            </div>
          ))}
          {section.empty && <p className="text-base-content/70">{section.empty}</p>}
          {section.id === 'requests' && (
            <CorrectionForm
              pending={correction.isPending}
              sentDueAt={
                correction.isSuccess
                  ? (correction.data.requests.filter((r) => r.kind === 'CORRECTION').at(-1)?.dueAt ?? null)
                  : null
              }
              error={correction.error ? errorText(asAppError(correction.error)) : null}
              onSend={(message) => correction.mutate(message)}
            />
          )}
        </section>
      ))}
    </>
  );
}

function Lines({ lines }: { lines: DataLine[] }) {
  if (lines.length === 0) return null;
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[minmax(8rem,12rem)_1fr]">
      {lines.map((line, i) => (
        // Lines of one section may share a label (two answers on one day): the index keeps them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, rebuilt whole from the data
        <div key={i} className="contents">
          <dt className="text-sm text-base-content/70">{line.label}</dt>
          <dd className="mb-2 whitespace-pre-wrap break-words sm:mb-0">{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DownloadCard({ token }: { token: string }) {
  return (
    <LinkCard id="talent-data-download" tone="plain" heading={m.talent_data_download_heading()}>
      <p className="text-sm text-base-content/80">{m.talent_data_download_text()}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <a
          href={talentDataExportUrl(token, 'html')}
          className="btn btn-primary h-auto min-h-12 py-2 sm:flex-1"
          download
        >
          {m.talent_data_download_html()}
        </a>
        <a
          href={talentDataExportUrl(token, 'json')}
          className="btn btn-outline h-auto min-h-12 py-2 sm:flex-1"
          download
        >
          {m.talent_data_download_json()}
        </a>
      </div>
    </LinkCard>
  );
}

// A withdrawal cannot be undone: it asks once more, in place.
function ReferralConsent({
  referral,
  view,
  pending,
  error,
  justNow,
  onWithdraw,
}: {
  referral: TalentDataReferral;
  view: TalentDataView;
  pending: boolean;
  error: string | null;
  justNow: boolean;
  onWithdraw: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const othersHold = dataKeptByOthers(view, referral.id);
  if (referral.withdrawnAt) {
    const request = view.requests.find((r) => r.kind === 'WITHDRAWAL' && r.referralId === referral.id);
    if (othersHold)
      return (
        <p role={justNow ? 'status' : undefined} className="rounded-box bg-base-200 p-3 text-sm">
          {m.talent_data_withdrawn_kept({ date: formatDateTime(referral.withdrawnAt) })}
        </p>
      );
    return (
      <p role={justNow ? 'status' : undefined} className="rounded-box bg-base-200 p-3 text-sm">
        {m.talent_data_withdrawn({
          date: formatDateTime(referral.withdrawnAt),
          eraseDate: formatDateTime(
            request?.dueAt ??
              new Date(
                new Date(referral.withdrawnAt).getTime() + view.retention.declinedDays * 86_400_000,
              ).toISOString(),
          ),
        })}
      </p>
    );
  }
  if (!referral.withdrawable) {
    // A consent that stands on a referral that is over (its reward decided, or it ended): nothing is hidden
    // without a word, and the way to ask for the rest is given.
    if (referral.consentStatus !== 'CONFIRMED') return null;
    return (
      <p className="border-t border-base-300 pt-3 text-sm text-base-content/80" data-testid="withdraw-closed">
        {m.talent_data_withdraw_closed()}{' '}
        <a className="link link-primary" href={localePath('/contact', getLocale())}>
          {m.talent_data_contact_us()}
        </a>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2 border-t border-base-300 pt-3">
      <h4 className="font-medium">{m.talent_data_withdraw_heading()}</h4>
      <p className="text-sm text-base-content/80">
        {m.talent_data_withdraw_text()}{' '}
        {othersHold
          ? m.talent_data_withdraw_others({ count: view.retention.declinedDays })
          : m.talent_data_withdraw_erase({ count: view.retention.declinedDays })}
      </p>
      {error && (
        <div role="alert" className="alert alert-soft alert-error">
          <span>{error}</span>
        </div>
      )}
      {confirming ? (
        <WithdrawButtons
          pending={pending}
          confirmLabel={m.talent_data_withdraw_confirm()}
          backLabel={m.talent_data_withdraw_cancel()}
          onConfirm={onWithdraw}
          onBack={() => setConfirming(false)}
        />
      ) : (
        <button type="button" className="btn btn-outline sm:self-start" onClick={() => setConfirming(true)}>
          {m.talent_data_withdraw_action()}
        </button>
      )}
    </div>
  );
}

function CorrectionForm({
  pending,
  sentDueAt,
  error,
  onSend,
}: {
  pending: boolean;
  sentDueAt: string | null;
  error: string | null;
  onSend: (message: string) => void;
}) {
  const [message, setMessage] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = message.trim();
    if (text.length < 5 || text.length > TALENT_CORRECTION_MAX) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onSend(text);
    setMessage('');
  };
  return (
    <LinkCard id="talent-data-correction" tone="plain" heading={m.talent_data_correction_heading()}>
      <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
        <label className="flex flex-col gap-1" htmlFor="talent-data-correction-text">
          <span>{m.talent_data_correction_label()}</span>
        </label>
        <textarea
          id="talent-data-correction-text"
          className="textarea textarea-bordered w-full"
          rows={4}
          maxLength={TALENT_CORRECTION_MAX}
          value={message}
          aria-invalid={invalid}
          aria-describedby="talent-data-correction-hint"
          onChange={(event) => setMessage(event.target.value)}
        />
        <p id="talent-data-correction-hint" className={`text-sm ${invalid ? 'text-error' : 'text-base-content/70'}`}>
          {invalid ? m.talent_data_correction_invalid() : m.talent_data_correction_hint({ count: DATA_REQUEST_DAYS })}
        </p>
        {error && (
          <div role="alert" className="alert alert-soft alert-error">
            <span>{error}</span>
          </div>
        )}
        {sentDueAt && !pending && (
          <p role="status" className="alert alert-soft alert-success">
            {m.talent_data_correction_sent({ date: formatDateTime(sentDueAt) })}
          </p>
        )}
        <button type="submit" className="btn btn-primary sm:self-start" disabled={pending} aria-busy={pending}>
          {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {pending ? m.talent_link_sending() : m.talent_data_correction_send()}
        </button>
      </form>
    </LinkCard>
  );
}

function errorText(error: AppError): string {
  if (error.fields?.message === 'correction_limit')
    return m.talent_data_correction_limit({ count: CORRECTION_REQUEST_LIMIT });
  if (error.status === 429) return m.talent_link_rate_limited_text();
  if (error.status === 0) return m.talent_link_answer_network_error();
  if (error.status === 404 || error.status === 410) return m.talent_data_no_data_text();
  return m.talent_link_answer_server_error();
}
