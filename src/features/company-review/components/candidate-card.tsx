import type { ReactNode } from 'react';
import { HIRING_LABELS } from '#src/lib/enum-labels/referral-labels.ts';
import { EDUCATION_LABELS, RATING_LABELS } from '#src/lib/enum-labels/talent-labels.ts';
import { formatBytes, formatDateTime, formatMoney } from '#src/lib/format.ts';
import { languageName } from '#src/lib/intl-names.ts';
import { m } from '#src/paraglide/messages.js';
import type { CompanyAnswerView, ReviewCandidate, ReviewCv } from '#src/shared/company-types.ts';
import type { EducationLevel } from '#src/shared/enums.ts';
import { ANSWER_LABELS, AnswerForm } from './answer-form';

// One shared candidate: what the company decides with, the CV, and the answer (the form until one is given).
export function CandidateCard({ token, candidate }: { token: string; candidate: ReviewCandidate }) {
  const headingId = `review-candidate-${candidate.referralId}`;
  return (
    <article
      className="card card-border bg-base-100"
      aria-labelledby={headingId}
      data-testid="review-candidate"
      data-referral-id={candidate.referralId}
    >
      <div className="card-body gap-4 p-4 sm:p-6">
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={headingId} className="card-title text-lg break-words">
              {candidate.name}
            </h3>
            {candidate.currentPosition && <p className="text-sm text-base-content/70">{candidate.currentPosition}</p>}
          </div>
          <span className="badge badge-soft badge-sm">{HIRING_LABELS[candidate.hiringStatus]()}</span>
        </header>
        {candidate.summary && <p className="whitespace-pre-wrap break-words text-sm">{candidate.summary}</p>}
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[minmax(8rem,11rem)_1fr]">
          <Line label={m.talent_field_skills()}>
            {candidate.skills.length > 0 ? candidate.skills.join(', ') : m.review_not_given()}
          </Line>
          <Line label={m.talent_field_work_experience()}>{experience(candidate)}</Line>
          <Line label={m.talent_field_education()}>
            {EDUCATION_LABELS[candidate.educationLevel as EducationLevel]?.() ?? candidate.educationLevel}
          </Line>
          <Line label={m.talent_field_languages()}>
            {candidate.languages.length > 0 ? candidate.languages.map(languageName).join(', ') : m.review_not_given()}
          </Line>
          <Line label={m.talent_field_location()}>
            {[candidate.location, candidate.country].filter(Boolean).join(', ')}
          </Line>
          <Line label={m.talent_field_expected_salary()}>
            {candidate.expectedSalary
              ? formatMoney(candidate.expectedSalary.amount, candidate.expectedSalary.currency)
              : m.review_not_given()}
          </Line>
          <Line label={m.review_rating()}>
            {candidate.rating === 5 || candidate.rating === 10
              ? RATING_LABELS[candidate.rating]()
              : m.review_not_given()}
          </Line>
          <Line label={m.review_recruiter_note()}>{candidate.recruiterNote || m.review_not_given()}</Line>
          {candidate.contact && (
            <Line label={m.review_contact()}>
              {candidate.contact.email} · {candidate.contact.phone}
            </Line>
          )}
          {candidate.recruiter && <Line label={m.review_recruiter()}>{candidate.recruiter.name}</Line>}
          {candidate.reward && (
            <Line label={m.review_reward()}>{formatMoney(candidate.reward.amount, candidate.reward.currency)}</Line>
          )}
        </dl>
        <CvLink cv={candidate.cv} />
        <div className="border-t border-base-300 pt-3">
          {candidate.answer ? (
            <GivenAnswer answer={candidate.answer} />
          ) : (
            <AnswerForm token={token} referralId={candidate.referralId} name={candidate.name} />
          )}
        </div>
      </div>
    </article>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-sm text-base-content/70">{label}</dt>
      <dd className="mb-2 whitespace-pre-wrap break-words sm:mb-0">{children}</dd>
    </div>
  );
}

function experience(candidate: ReviewCandidate): string {
  if (candidate.hasWorkExperience === false) return m.review_experience_none();
  if (candidate.yearsOfExperience === null) return m.review_not_given();
  return m.talent_years_value({ years: String(candidate.yearsOfExperience) });
}

// PDF and images open in a new tab, in the browser's own viewer; a Word file downloads.
function CvLink({ cv }: { cv: ReviewCv | null }) {
  if (!cv) return <p className="text-sm text-base-content/70">{m.review_no_cv()}</p>;
  const inline = cv.mimeType === 'application/pdf' || cv.mimeType.startsWith('image/');
  const size = formatBytes(cv.size);
  return inline ? (
    <a href={cv.url} target="_blank" rel="noopener noreferrer" className="btn btn-outline sm:self-start">
      {m.review_cv_open({ size })}
    </a>
  ) : (
    <a href={cv.url} download={cv.name} className="btn btn-outline sm:self-start">
      {m.review_cv_download({ size })}
    </a>
  );
}

function GivenAnswer({ answer }: { answer: CompanyAnswerView }) {
  return (
    <div className="flex flex-col gap-1" data-testid="review-given-answer">
      <h4 className="font-medium">{m.review_answer_heading()}</h4>
      <p>
        <span className="font-semibold">{ANSWER_LABELS[answer.answer]()}</span>
        <span className="text-sm text-base-content/70"> · {formatDateTime(answer.answeredAt)}</span>
      </p>
      {answer.reason && <p className="text-sm">{m.review_answer_reason({ reason: answer.reason })}</p>}
      {answer.comment && <p className="text-sm">{m.review_answer_comment({ comment: answer.comment })}</p>}
    </div>
  );
}
