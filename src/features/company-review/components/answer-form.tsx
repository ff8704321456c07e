import { type FormEvent, useState } from 'react';
import { Choice, ChoiceGroup, TextAreaField } from '#src/components/form/fields.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { useReviewAnswerMutation } from '#src/features/company-review/api.ts';
import { type AppError, asAppError } from '#src/lib/app-error.ts';
import { m } from '#src/paraglide/messages.js';
import { COMPANY_ANSWERS, COMPANY_TEXT_MAX, type CompanyAnswer } from '#src/shared/company-schemas.ts';

export const ANSWER_LABELS: Record<CompanyAnswer, () => string> = {
  SHORTLIST: m.company_answer_shortlist,
  INTERVIEW: m.company_answer_interview,
  NOT_A_FIT: m.company_answer_not_a_fit,
};

// The company's answer about one candidate: one of three, a reason when it is "Not a fit", a comment if
// they like. Once sent, the card shows the answer instead (the cached view is updated).
export function AnswerForm({ token, referralId, name }: { token: string; referralId: number; name: string }) {
  const mutation = useReviewAnswerMutation(token);
  const [answer, setAnswer] = useState<CompanyAnswer | null>(null);
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ answer?: string; reason?: string }>({});
  const id = `review-answer-${referralId}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!answer) next.answer = m.review_answer_required();
    if (answer === 'NOT_A_FIT' && reason.trim() === '') next.reason = m.review_reason_required();
    setErrors(next);
    if (!answer || Object.keys(next).length > 0) return;
    mutation.mutate({
      referralId,
      answer,
      ...(answer === 'NOT_A_FIT' ? { reason: reason.trim() } : {}),
      ...(comment.trim() ? { comment: comment.trim() } : {}),
    });
  };

  return (
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate aria-label={m.review_answer_for({ name })}>
      <ChoiceGroup id={`${id}-choice`} legend={m.review_answer_heading()} error={errors.answer}>
        {COMPANY_ANSWERS.map((value) => (
          <Choice
            key={value}
            type="radio"
            name={`${id}-choice`}
            value={value}
            checked={answer === value}
            onChange={(checked) => checked && setAnswer(value)}
            label={ANSWER_LABELS[value]()}
            disabled={mutation.isPending}
          />
        ))}
      </ChoiceGroup>
      {answer === 'NOT_A_FIT' && (
        <TextAreaField
          id={`${id}-reason`}
          label={m.review_reason_label()}
          rows={2}
          maxLength={COMPANY_TEXT_MAX}
          value={reason}
          error={errors.reason}
          required
          onChange={(event) => setReason(event.target.value)}
        />
      )}
      <TextAreaField
        id={`${id}-comment`}
        label={m.review_comment_label()}
        rows={2}
        maxLength={COMPANY_TEXT_MAX}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      {mutation.error && <FormAlert message={errorText(asAppError(mutation.error))} />}
      <button
        type="submit"
        className="btn btn-primary sm:self-start"
        disabled={mutation.isPending}
        aria-busy={mutation.isPending}
      >
        {mutation.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {mutation.isPending ? m.review_sending() : m.review_submit()}
      </button>
    </form>
  );
}

function errorText(error: AppError): string {
  if (error.fields?.answer === 'already_answered') return m.review_already_answered();
  if (error.status === 410) return m.review_expired_text();
  if (error.status === 404) return m.review_unavailable();
  if (error.status === 429) return m.talent_link_rate_limited_text();
  if (error.status === 0) return m.talent_link_answer_network_error();
  return m.talent_link_answer_server_error();
}
