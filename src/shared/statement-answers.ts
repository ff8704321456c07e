import * as v from 'valibot';
import { okAnswer } from './api-answers';
import { MALAYSIAN_STATES, PAYEE_ID_TYPES } from './payee-schemas';
import type { PayeeDetails } from './payee-types';
import type { YearlyStatement } from './statement-types';

// Issue 46's answers as valibot schemas, for the OpenAPI document (server/openapi/route-answers.ts) and
// the contract test that checks real answers against it; the checks below fail typecheck when a schema
// and the type the server returns part.

const id = v.pipe(v.number(), v.integer());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const time = v.pipe(v.string(), v.isoTimestamp());

const payeeDetailsSchema = v.object({
  fullName: v.string(),
  idType: v.picklist(PAYEE_ID_TYPES),
  idNumber: v.string(),
  taxNumber: v.nullable(v.string()),
  address: v.object({
    line1: v.string(),
    line2: v.nullable(v.string()),
    line3: v.nullable(v.string()),
    postcode: v.string(),
    city: v.string(),
    state: v.picklist(MALAYSIAN_STATES),
  }),
  updatedAt: time,
});
/** `GET` and `PUT /api/account/payee`, `GET /api/admin/recruiters/:id/payee`: null until saved. */
export const payeeAnswerSchema = okAnswer(v.nullable(payeeDetailsSchema));

/** The operator's company (the PAYER_* settings), as the statement and Form CP58's list name it. */
export const payerSchema = v.object({
  name: v.nullable(v.string()),
  registrationNumber: v.nullable(v.string()),
  employerNumber: v.nullable(v.string()),
  addressLines: v.array(v.string()),
  phone: v.nullable(v.string()),
});

const statementSchema = v.object({
  year: v.pipe(v.number(), v.integer()),
  timeZone: v.literal('Asia/Kuala_Lumpur'),
  from: time,
  to: time,
  recruiter: v.object({ id, name: v.string(), email: v.string() }),
  payer: payerSchema,
  payments: v.array(
    v.object({
      id,
      reference: v.nullable(v.string()),
      paidAt: time,
      amount: count,
      currency: v.string(),
      withholdingRate: v.nullable(count),
      withheld: count,
      net: count,
      referrals: v.array(
        v.object({
          id,
          talentName: v.string(),
          taskId: id,
          taskCode: v.string(),
          taskTitle: v.string(),
          amount: count,
          currency: v.string(),
        }),
      ),
    }),
  ),
  totals: v.array(
    v.object({
      currency: v.string(),
      amount: count,
      withheld: count,
      net: count,
      payments: count,
      referrals: count,
    }),
  ),
  years: v.array(v.pipe(v.number(), v.integer())),
});
/** `GET /api/recruiter/earning/statement`, `GET /api/admin/recruiters/:id/statement`. */
export const statementAnswerSchema = okAnswer(statementSchema);

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(ok: Same<A, B>) => ok;
same<v.InferOutput<typeof payeeDetailsSchema>, PayeeDetails>(true);
same<v.InferOutput<typeof statementSchema>, YearlyStatement>(true);
