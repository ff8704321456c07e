import * as v from 'valibot';
import { PAYMENT_FILTERS } from './enums';
import { idField, requiredText } from './form-fields';
import { listPageEntries } from './list-query';

// Admin payments screen (issue 5).

/** At most this many referrals in one payment. */
export const PAYMENT_REFERRALS_MAX = 500;
export const PAYMENT_REFERENCE_MAX = 100;

export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

const filterEntries = {
  filter: v.optional(v.picklist(PAYMENT_FILTERS, 'field_invalid'), 'ALL'),
  recruiterId: v.optional(idField('field_invalid')),
};

/** `GET /api/admin/payments` query. */
export const paymentListQuerySchema = v.object({ ...filterEntries, ...listPageEntries });
export type PaymentListQuery = v.InferOutput<typeof paymentListQuerySchema>;
export type PaymentListSearch = v.InferInput<typeof paymentListQuerySchema>;

/** `GET /api/admin/payments/export.csv` query: the list's filter, every page. */
export const paymentExportQuerySchema = v.object(filterEntries);
export type PaymentExportQuery = v.InferOutput<typeof paymentExportQuerySchema>;

/** `GET /api/admin/payments/payable` query. */
export const payableQuerySchema = v.object({ recruiterId: v.optional(idField('field_invalid')) });

/** `POST /api/admin/payments`: a batch of one recruiter's APPROVED referrals, all in one currency. */
export const createPaymentSchema = v.object({
  recruiterId: idField(),
  referralIds: v.pipe(
    v.array(idField('field_invalid'), 'field_required'),
    v.minLength(1, 'field_required'),
    v.maxLength(PAYMENT_REFERRALS_MAX, 'field_too_long'),
    v.transform((ids) => [...new Set(ids)]),
  ),
});
export type CreatePaymentInput = v.InferInput<typeof createPaymentSchema>;

/** `POST /api/admin/payments/:id/pay`: the bank transfer's reference and when it was made. */
export const payPaymentSchema = v.object({
  reference: requiredText(PAYMENT_REFERENCE_MAX),
  paidAt: v.pipe(v.string('field_required'), v.trim(), v.isoTimestamp('field_invalid')),
});
export type PayPaymentInput = v.InferInput<typeof payPaymentSchema>;
