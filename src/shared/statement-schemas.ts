import * as v from 'valibot';
import { LOCALES } from './enums';

// `?year=2026` of the yearly statement calls (issue 46), and for its PDF the language, which defaults to
// the recruiter's own. Issue messages are message keys the client localises.

export const STATEMENT_FIRST_YEAR = 2000;
export const STATEMENT_LAST_YEAR = 2100;

export const statementQuerySchema = v.object({
  year: v.pipe(
    v.string('field_required'),
    v.regex(/^\d{4}$/, 'field_invalid'),
    v.transform(Number),
    v.minValue(STATEMENT_FIRST_YEAR, 'field_invalid'),
    v.maxValue(STATEMENT_LAST_YEAR, 'field_invalid'),
  ),
});
export type StatementQuery = v.InferOutput<typeof statementQuerySchema>;

export const statementPdfQuerySchema = v.object({
  ...statementQuerySchema.entries,
  locale: v.optional(v.picklist(LOCALES, 'locale_invalid')),
});
export type StatementPdfQuery = v.InferOutput<typeof statementPdfQuerySchema>;
