import * as v from 'valibot';
import { okAnswer } from './api-answers';
import {
  CP58_MISSING,
  CP58_PAYER_MISSING,
  CP58_STATUSES,
  type Cp58IssueResult,
  type Cp58RecruiterView,
  type Cp58RequestAnswer,
  type Cp58YearList,
} from './cp58-types';
import { PAYEE_ID_TYPES } from './payee-schemas';
import { payerSchema } from './statement-answers';
import type { WithholdingMarkRow, WithholdingMonth } from './withholding-types';

// The answers of Form CP58's and section 107D's calls (issue 46) as valibot schemas, for the OpenAPI
// document (server/openapi/route-answers.ts) and the contract test that checks real answers against it;
// the checks below fail typecheck when a schema and the type the server returns part.

const id = v.pipe(v.number(), v.integer());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const year = v.pipe(v.number(), v.integer());
const time = v.pipe(v.string(), v.isoTimestamp());
/** 'YYYY-MM', a month in Malaysia time. */
const month = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/));
/** 'YYYY-MM-DD', a day in Malaysia time. */
const day = v.pipe(v.string(), v.isoDate());

const formSummarySchema = v.object({
  id,
  recruiterId: id,
  year,
  version: count,
  correctsVersion: v.nullable(count),
  issuedAt: time,
  issuedBy: v.nullable(v.object({ id, name: v.string() })),
  total: count,
  locale: v.string(),
});

const cp58YearListSchema = v.object({
  year,
  timeZone: v.literal('Asia/Kuala_Lumpur'),
  from: time,
  to: time,
  threshold: count,
  payer: payerSchema,
  payerMissing: v.array(v.picklist(CP58_PAYER_MISSING)),
  rows: v.array(
    v.object({
      recruiter: v.object({ id, name: v.string(), email: v.string(), active: v.boolean() }),
      paid: v.object({ amount: count, payments: count, referrals: count }),
      otherCurrencies: v.array(v.object({ currency: v.string(), amount: count })),
      overThreshold: v.boolean(),
      request: v.nullable(v.object({ requestedAt: time })),
      missing: v.array(v.picklist(CP58_MISSING)),
      status: v.picklist(CP58_STATUSES),
      forms: v.array(formSummarySchema),
    }),
  ),
  years: v.array(year),
});
/** `GET /api/admin/cp58?year=`. */
export const cp58YearListAnswerSchema = okAnswer(cp58YearListSchema);

const cp58IssueResultSchema = v.object({
  issued: v.array(formSummarySchema),
  unchanged: v.array(formSummarySchema),
  skipped: v.array(
    v.object({
      recruiterId: id,
      reason: v.picklist(['MISSING', 'NOT_LISTED']),
      missing: v.array(v.picklist(CP58_MISSING)),
    }),
  ),
  remaining: count,
});
/** `POST /api/admin/cp58/issue`. */
export const cp58IssueAnswerSchema = okAnswer(cp58IssueResultSchema);

const cp58RequestSchema = v.object({ year, requestedAt: time, waiting: v.boolean() });
const cp58RecruiterViewSchema = v.object({
  threshold: count,
  forms: v.array(formSummarySchema),
  requests: v.array(cp58RequestSchema),
});
/** `GET /api/recruiter/earning/cp58`. */
export const cp58RecruiterViewAnswerSchema = okAnswer(cp58RecruiterViewSchema);
/** `POST /api/recruiter/earning/cp58/request`. */
export const cp58RequestAnswerSchema = okAnswer(cp58RequestSchema);

const withholdingMonthSchema = v.object({
  month,
  timeZone: v.literal('Asia/Kuala_Lumpur'),
  rows: v.array(
    v.object({
      paymentId: id,
      recruiterId: id,
      recruiterName: v.string(),
      payee: v.nullable(
        v.object({
          fullName: v.string(),
          idType: v.picklist(PAYEE_ID_TYPES),
          idNumber: v.string(),
          taxNumber: v.nullable(v.string()),
        }),
      ),
      reference: v.nullable(v.string()),
      paidAt: time,
      currency: v.string(),
      gross: count,
      rate: count,
      withheld: count,
      net: count,
      remitBy: day,
    }),
  ),
  totals: v.array(v.object({ currency: v.string(), gross: count, withheld: count, net: count, payments: count })),
  remitBy: v.nullable(day),
  months: v.array(month),
});
/** `GET /api/admin/withholding?month=`. */
export const withholdingMonthAnswerSchema = okAnswer(withholdingMonthSchema);

const withholdingMarkRowSchema = v.object({
  year,
  paidAmount: count,
  threshold: count,
  markedAt: v.nullable(time),
  recruiterId: id,
  recruiterName: v.string(),
});
/** `GET /api/admin/withholding/marks?year=`. */
export const withholdingMarksAnswerSchema = okAnswer(v.array(withholdingMarkRowSchema));

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(ok: Same<A, B>) => ok;
same<v.InferOutput<typeof cp58YearListSchema>, Cp58YearList>(true);
same<v.InferOutput<typeof cp58IssueResultSchema>, Cp58IssueResult>(true);
same<v.InferOutput<typeof cp58RecruiterViewSchema>, Cp58RecruiterView>(true);
same<v.InferOutput<typeof cp58RequestSchema>, Cp58RequestAnswer>(true);
same<v.InferOutput<typeof withholdingMonthSchema>, WithholdingMonth>(true);
same<v.InferOutput<typeof withholdingMarkRowSchema>, WithholdingMarkRow>(true);
