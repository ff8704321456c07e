import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch, unwrap } from '#src/lib/api-client.ts';
import { toAppError } from '#src/lib/app-error.ts';
import { registerFieldMessages } from '#src/lib/field-errors.ts';
import { invalidateReferralViews } from '#src/lib/referral-views.ts';
import { m } from '#src/paraglide/messages.js';
import type { PaymentFilter, PaymentListQuery } from '#src/shared/payment-schemas.ts';

// Admin › Payments (`/api/admin/payments`). Keys start with 'admin-payments': the list, one payment, and
// what can be paid. Creating, paying or cancelling refetches those three, and the referrals the admin
// screens show ('admin-referrals'), whose reward status moved with the payment.

registerFieldMessages({
  field_required: m.error_field_field_required,
  field_too_long: m.error_field_field_too_long,
  field_invalid: m.error_field_invalid,
  payment_referral_not_payable: m.error_field_payment_referral_not_payable,
  payment_mixed_currency: m.error_field_payment_mixed_currency,
  payment_not_pending: m.error_field_payment_not_pending,
  paid_at_future: m.error_field_paid_at_future,
});

export type PaymentFilters = Omit<PaymentListQuery, 'filter'> & { filter: PaymentFilter };

export const adminPaymentKeys = {
  all: ['admin-payments'] as const,
  list: ['admin-payments', 'list'] as const,
  payable: ['admin-payments', 'payable'] as const,
  detail: (id: number) => ['admin-payments', 'detail', id] as const,
  withholding: ['admin-payments', 'withholding'] as const,
};

const filterQuery = (filters: { filter: PaymentFilter; recruiterId?: number }) => ({
  filter: filters.filter,
  ...(filters.recruiterId ? { recruiterId: String(filters.recruiterId) } : {}),
});

export const adminPaymentsQueryOptions = (filters: PaymentFilters) =>
  queryOptions({
    queryKey: [...adminPaymentKeys.list, filters],
    queryFn: () =>
      unwrap(
        api.api.admin.payments.$get({
          query: { ...filterQuery(filters), page: String(filters.page), pageSize: String(filters.pageSize) },
        }),
      ),
  });

export const adminPaymentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminPaymentKeys.detail(id),
    queryFn: () => unwrap(api.api.admin.payments[':id'].$get({ param: { id: String(id) } })),
  });

/** Per recruiter, their APPROVED referrals in no payment yet, with sums per currency. */
export const payableQueryOptions = (recruiterId?: number) =>
  queryOptions({
    queryKey: [...adminPaymentKeys.payable, recruiterId ?? null],
    queryFn: () =>
      unwrap(api.api.admin.payments.payable.$get({ query: recruiterId ? { recruiterId: String(recruiterId) } : {} })),
  });

function useRefreshPayments() {
  const queryClient = useQueryClient();
  return () => invalidateReferralViews(queryClient);
}

export function useCreatePaymentMutation() {
  const refresh = useRefreshPayments();
  return useMutation({
    mutationFn: (input: { recruiterId: number; referralIds: number[] }) =>
      unwrap(api.api.admin.payments.$post({ json: input })),
    onSettled: refresh,
  });
}

export function usePayPaymentMutation(paymentId: number) {
  const refresh = useRefreshPayments();
  return useMutation({
    mutationFn: (input: { reference: string; paidAt: string }) =>
      unwrap(api.api.admin.payments[':id'].pay.$post({ param: { id: String(paymentId) }, json: input })),
    onSettled: refresh,
  });
}

export function useCancelPaymentMutation(paymentId: number) {
  const refresh = useRefreshPayments();
  return useMutation({
    mutationFn: () => unwrap(api.api.admin.payments[':id'].cancel.$post({ param: { id: String(paymentId) } })),
    onSettled: refresh,
  });
}

/** The filtered list as a CSV file (bytes and the server's file name), for the screen to save. */
export async function downloadPaymentsCsv(filters: { filter: PaymentFilter; recruiterId?: number }) {
  const query = new URLSearchParams(filterQuery(filters));
  const response = await apiFetch(`/api/admin/payments/export.csv?${query}`);
  if (!response.ok) throw await toAppError(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'payments.csv';
  return { blob: await response.blob(), name };
}

/**
 * Section 107D (issue 46): the amounts withheld from the payments paid in a month, with each payee's
 * identity and tax numbers: each read is in the access record, and it is never saved to the device.
 */
export const withholdingMonthQueryOptions = (month: string) =>
  queryOptions({
    queryKey: [...adminPaymentKeys.withholding, 'month', month],
    queryFn: () => unwrap(api.api.admin.withholding.$get({ query: { month } })),
    meta: { persist: false },
  });

/** The recruiters marked for section 107D withholding in a year. */
export const withholdingMarksQueryOptions = (year: number) =>
  queryOptions({
    queryKey: [...adminPaymentKeys.withholding, 'marks', year],
    queryFn: () => unwrap(api.api.admin.withholding.marks.$get({ query: { year: String(year) } })),
  });

/** The month's amounts withheld as a CSV file. */
export async function downloadWithholdingCsv(month: string) {
  const response = await apiFetch(`/api/admin/withholding/export.csv?${new URLSearchParams({ month })}`);
  if (!response.ok) throw await toAppError(response);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await response.blob(), name: name ?? `withholding-107d-${month}.csv` };
}
