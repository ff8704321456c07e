import type { CompanyAnswer } from '#src/shared/company-schemas.ts';
import type { CompanyAnswerView } from '#src/shared/company-types.ts';
import type { HiringStatus } from '#src/shared/enums.ts';

/** The `company_answers` columns an answer is shown from, as a left join yields them (all null: no answer). */
export type AnswerColumns = {
  answer_id: number | null;
  answer: CompanyAnswer | null;
  reason: string | null;
  comment: string | null;
  answered_at: string | null;
  moved_from: string | null;
  moved_to: string | null;
};

export const ANSWER_COLUMNS = [
  'company_answers.id as answer_id',
  'company_answers.answer',
  'company_answers.reason',
  'company_answers.comment',
  'company_answers.answered_at',
  'company_answers.moved_from',
  'company_answers.moved_to',
] as const;

export function toAnswerView(row: AnswerColumns): CompanyAnswerView | null {
  if (row.answer_id === null || row.answer === null || row.answered_at === null) return null;
  return {
    id: row.answer_id,
    answer: row.answer,
    reason: row.reason,
    comment: row.comment,
    answeredAt: row.answered_at,
    moved:
      row.moved_from !== null && row.moved_to !== null
        ? { from: row.moved_from as HiringStatus, to: row.moved_to as HiringStatus }
        : null,
  };
}
