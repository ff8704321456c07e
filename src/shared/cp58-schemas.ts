import * as v from 'valibot';
import { CP58_ISSUE_BATCH } from './cp58-types';
import { idField } from './form-fields';
import { STATEMENT_FIRST_YEAR, STATEMENT_LAST_YEAR, statementQuerySchema } from './statement-schemas';

// Form CP58's requests (issue 46). A year is four digits, as the yearly statement's. Issue messages are
// message keys the client localises.

/** `?year=2026` of the admin's list, its CSV and its archive. */
export const cp58YearQuerySchema = statementQuerySchema;

/**
 * `POST /api/admin/cp58/issue`: the year's forms, for everyone ready, or for the recruiters named; at most
 * `limit` of them issued in the call (CP58_ISSUE_BATCH, and no more), the rest left for the next call.
 */
export const cp58IssueSchema = v.object({
  year: v.pipe(
    v.number('field_invalid'),
    v.integer('field_invalid'),
    v.minValue(STATEMENT_FIRST_YEAR, 'field_invalid'),
    v.maxValue(STATEMENT_LAST_YEAR, 'field_invalid'),
  ),
  recruiterIds: v.optional(
    v.pipe(
      v.array(idField('field_invalid'), 'field_invalid'),
      v.minLength(1, 'field_required'),
      v.maxLength(1000, 'field_invalid'),
    ),
  ),
  limit: v.optional(
    v.pipe(
      v.number('field_invalid'),
      v.integer('field_invalid'),
      v.minValue(1, 'field_invalid'),
      v.maxValue(CP58_ISSUE_BATCH, 'field_invalid'),
    ),
  ),
});
export type Cp58IssueInput = v.InferOutput<typeof cp58IssueSchema>;

/** `POST /api/recruiter/earning/cp58/request`: the year a recruiter asks their form for. */
export const cp58RequestSchema = v.object({
  year: cp58IssueSchema.entries.year,
});
export type Cp58RequestInput = v.InferOutput<typeof cp58RequestSchema>;
