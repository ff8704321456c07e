import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { problemOf } from '#src/components/link-problem.tsx';
import {
  type TalentLinkKind,
  talentLinkQueryOptions,
  useAnswerTalentLinkMutation,
  useWithdrawConsentMutation,
} from '#src/features/talent-links/api.ts';
import { type AppError, asAppError } from '#src/lib/app-error.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { TalentLinkView } from '#src/shared/recruiter-types.ts';
import { AnswerActions } from './answer-actions';
import { ConsentNotice, ItaNotice } from './consent-notice';
import { LinkCard } from './link-card';
import { LINK_COPY, type LinkCopy } from './link-copy';
import { TalentLinkProblem } from './link-problem';
import { OpenDataLink } from './open-data-link';
import { ConsentWithdrawn, WithdrawConsent } from './withdraw-consent';

// The page a talent opens from the consent or ITA link: whom they answer and for which job, the
// notice, two choices; then a thank-you. Every failure is a page of its own, never the crash page.
export function TalentLinkPage({ kind, token }: { kind: TalentLinkKind; token: string }) {
  const copy = LINK_COPY[kind];
  const query = useQuery(talentLinkQueryOptions(kind, token));
  const answer = useAnswerTalentLinkMutation(kind, token);
  const withdrawal = useWithdrawConsentMutation(kind, token);
  const view = query.data;
  const error = query.error ? asAppError(query.error) : null;
  // The way to withdraw, wherever this link still has it (the server decides: `withdrawable`).
  const withdraw = (shown: TalentLinkView) =>
    shown.withdrawable && (
      <WithdrawConsent
        taskTitle={shown.taskTitle}
        recruiterName={shown.recruiterName}
        pending={withdrawal.isPending}
        error={withdrawal.error ? answerErrorText(asAppError(withdrawal.error)) : null}
        onWithdraw={() => withdrawal.mutate()}
      />
    );

  let body: ReactNode;
  // A failed background refresh keeps what is shown, unless the link itself is now refused.
  if (error && (!view || problemOf(error) === 'invalid')) {
    body = <TalentLinkProblem problem={problemOf(error)} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  } else if (!view) {
    body = <LinkLoading />;
  } else if (view.withdrawnAt) {
    body = (
      <ConsentWithdrawn
        justNow={withdrawal.isSuccess}
        text={m.talent_link_withdrawn_text({
          date: formatDateTime(view.withdrawnAt),
          recruiterName: view.recruiterName,
          taskTitle: view.taskTitle,
        })}
      />
    );
  } else if (answer.data) {
    body = (
      <>
        <ThankYou copy={copy} view={answer.data} />
        {withdraw(view)}
      </>
    );
  } else if (view.state === 'USED') {
    body = (
      <>
        <AlreadyAnswered copy={copy} view={view} />
        {withdraw(view)}
      </>
    );
  } else if (view.state === 'EXPIRED') {
    body = <TalentLinkProblem problem="expired" recruiterName={view.recruiterName} />;
  } else {
    const failed = answer.error ? answerErrorText(asAppError(answer.error)) : null;
    body = (
      <>
        <p className="text-lg">{copy.question(view)}</p>
        {kind === 'CONSENT' && <p className="font-medium">{m.talent_link_consent_question()}</p>}
        {kind === 'CONSENT' ? <ConsentNotice view={view} /> : <ItaNotice view={view} />}
        <div className="text-sm text-base-content/70">
          <p>{m.talent_link_expires({ date: formatDateTime(view.expiresAt) })}</p>
          <p>{m.talent_link_notice_version({ version: view.noticeVersion })}</p>
        </div>
        {failed && (
          <div role="alert" className="alert alert-soft alert-error">
            <span>{failed}</span>
          </div>
        )}
        <AnswerActions
          agreeLabel={copy.agree()}
          declineQuestion={copy.declineQuestion(view)}
          pending={answer.isPending ? (answer.variables ?? null) : null}
          onAnswer={(decision) => answer.mutate(decision)}
        />
        {withdraw(view)}
      </>
    );
  }

  // The talent's data is theirs to see from any link that still stands (issue 24).
  const dataLink = view && !(error && problemOf(error) === 'invalid') && view.state !== 'EXPIRED';
  return (
    <LinkFrame copy={copy}>
      {body}
      {dataLink && <OpenDataLink kind={kind} token={token} />}
    </LinkFrame>
  );
}

function LinkFrame({ copy, children }: { copy: LinkCopy; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5">
      <h1 className="text-2xl font-semibold">{copy.heading()}</h1>
      {children}
    </div>
  );
}

function LinkLoading() {
  return (
    <p role="status" className="flex items-center gap-2 text-base-content/70">
      <span className="loading loading-spinner loading-md" aria-hidden="true" />
      {m.common_loading()}
    </p>
  );
}

// A refused answer whose link changed meanwhile (404, 409, 410) is fetched again by the mutation and
// shown as the link's new state; these are the failures the talent can act on here.
function answerErrorText(error: AppError): string | null {
  if (error.status === 429) return m.talent_link_rate_limited_text();
  if (error.status === 0) return m.talent_link_answer_network_error();
  if ([404, 409, 410].includes(error.status)) return null;
  return m.talent_link_answer_server_error();
}

function ThankYou({ copy, view }: { copy: LinkCopy; view: TalentLinkView }) {
  const decision = view.decision ?? 'CONFIRMED';
  // The buttons the talent pressed are gone: the answer takes focus so it is read out.
  return (
    <LinkCard id="talent-link-thanks" tone="success" heading={m.talent_link_thanks_heading()} outcome focus>
      <p>{copy.thanks[decision](view)}</p>
      {view.decidedAt && (
        <p className="text-sm text-base-content/70">
          {m.talent_link_your_answer({ decision: copy.decision[decision](), date: formatDateTime(view.decidedAt) })}
        </p>
      )}
    </LinkCard>
  );
}

function AlreadyAnswered({ copy, view }: { copy: LinkCopy; view: TalentLinkView }) {
  return (
    <section className="flex flex-col gap-3" aria-labelledby="talent-link-answered">
      <h2 id="talent-link-answered" className="text-xl font-semibold">
        {m.talent_link_already_heading()}
      </h2>
      {view.decision && view.decidedAt && (
        <p>
          {m.talent_link_already_answered({
            date: formatDateTime(view.decidedAt),
            decision: copy.decision[view.decision](),
          })}
        </p>
      )}
    </section>
  );
}
