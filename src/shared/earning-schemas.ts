import * as v from 'valibot';
import { EARNING_STATUS_FILTERS } from './enums';
import { idField } from './form-fields';
import { listPageEntries } from './list-query';

// Query params of `/api/recruiter/earning/referrals` and `/payments`. Issue messages are message keys.

/** 'YYYY-MM': a calendar month in the user's time zone. */
export const monthSchema = v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'field_invalid'));

export const earningReferralsQuerySchema = v.object({
  status: v.optional(v.picklist(EARNING_STATUS_FILTERS, 'field_invalid')),
  taskId: v.optional(idField('field_invalid')),
  month: v.optional(monthSchema),
  ...listPageEntries,
});
export type EarningReferralsQuery = v.InferOutput<typeof earningReferralsQuerySchema>;

export const earningPaymentsQuerySchema = v.object({ ...listPageEntries });
export type EarningPaymentsQuery = v.InferOutput<typeof earningPaymentsQuerySchema>;
