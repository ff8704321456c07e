import * as v from 'valibot';
import { statementQuerySchema } from './statement-schemas';

// Section 107D (issue 46): `?month=2027-01` of the admin's monthly list of amounts withheld, and `?year=`
// of the recruiters marked for a year. Issue messages are message keys the client localises.

export const withholdingMonthQuerySchema = v.object({
  month: v.pipe(v.string('field_required'), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'field_invalid')),
});
export type WithholdingMonthQuery = v.InferOutput<typeof withholdingMonthQuerySchema>;

/** The same years as the yearly statement's. */
export const withholdingMarksQuerySchema = statementQuerySchema;
