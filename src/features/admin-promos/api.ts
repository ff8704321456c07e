import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '#src/lib/api-client.ts';
import { registerFieldMessages } from '#src/lib/field-errors.ts';
import { m } from '#src/paraglide/messages.js';
import type { AdminPromoInput } from '#src/shared/admin-promo-schemas.ts';
import type { AdminPromoDetail } from '#src/shared/admin-promo-types.ts';
import type { PromoListFilters } from './search';

// Admin › Promo (`/api/admin/promos`). Keys start with 'admin-promos': the list, one promo, the tasks
// that can be added to one. A change puts the answer in the promo's cache and refetches the list; a
// change of a promo's tasks also refetches the admin's task details (they list their promos).

registerFieldMessages({
  field_required: m.error_field_field_required,
  field_too_long: m.error_field_field_too_long,
  field_invalid: m.error_field_invalid,
  currency_invalid: m.error_field_currency_invalid,
  starts_at_invalid: m.admin_promo_starts_at_invalid,
  ends_at_invalid: m.admin_promo_ends_at_invalid,
  ends_before_starts: m.admin_promo_ends_before_starts,
  bonus_invalid: m.admin_promo_bonus_invalid,
  task_ids_required: m.admin_promo_task_ids_required,
  task_ids_too_many: m.admin_promo_task_ids_too_many,
  task_ids_invalid: m.admin_promo_task_not_found,
  task_not_found: m.admin_promo_task_not_found,
});

export const promoKeys = {
  all: ['admin-promos'] as const,
  list: ['admin-promos', 'list'] as const,
  detail: (id: number) => ['admin-promos', 'detail', id] as const,
  candidates: (id: number) => ['admin-promos', 'candidates', id] as const,
};
/** The admin's task details list the promos each task is in (features/admin-tasks). */
const TASK_DETAILS_KEY = ['admin-tasks', 'detail'] as const;

export const promosQueryOptions = (filters: PromoListFilters) =>
  queryOptions({
    queryKey: [...promoKeys.list, filters],
    queryFn: () =>
      unwrap(
        api.api.admin.promos.$get({
          query: {
            ...(filters.search ? { search: filters.search } : {}),
            ...(filters.period ? { period: filters.period } : {}),
            page: String(filters.page),
            pageSize: String(filters.pageSize),
          },
        }),
      ),
  });

/** One promo with its tasks. */
export const promoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: promoKeys.detail(id),
    queryFn: () => unwrap(api.api.admin.promos[':id'].$get({ param: { id: String(id) } })),
  });

/** Open tasks not in the promo matching `search`, for the "Add Tasks To Promo" picker. */
export const candidateTasksQueryOptions = (id: number, search: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...promoKeys.candidates(id), { search, page, pageSize }],
    queryFn: () =>
      unwrap(
        api.api.admin.promos[':id']['candidate-tasks'].$get({
          param: { id: String(id) },
          query: { ...(search ? { search } : {}), page: String(page), pageSize: String(pageSize) },
        }),
      ),
    placeholderData: keepPreviousData,
  });

function usePromoAnswer() {
  const queryClient = useQueryClient();
  return async (promo: AdminPromoDetail) => {
    queryClient.setQueryData(promoKeys.detail(promo.id), promo);
    await queryClient.invalidateQueries({ queryKey: promoKeys.list });
  };
}

/** Creates a promo (no id) or rewrites one. */
export function useSavePromoMutation() {
  const onSuccess = usePromoAnswer();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: AdminPromoInput }) =>
      id === null
        ? unwrap(api.api.admin.promos.$post({ json: input }))
        : unwrap(api.api.admin.promos[':id'].$put({ param: { id: String(id) }, json: input })),
    onSuccess,
  });
}

export function useDeletePromoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.api.admin.promos[':id'].$delete({ param: { id: String(id) } })),
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: promoKeys.detail(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: promoKeys.list }),
        queryClient.invalidateQueries({ queryKey: TASK_DETAILS_KEY }),
      ]);
    },
  });
}

function useTasksChanged() {
  const queryClient = useQueryClient();
  return async (promoId: number) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: promoKeys.detail(promoId) }),
      queryClient.invalidateQueries({ queryKey: promoKeys.candidates(promoId) }),
      queryClient.invalidateQueries({ queryKey: promoKeys.list }),
      queryClient.invalidateQueries({ queryKey: TASK_DETAILS_KEY }),
    ]);
  };
}

export function useAddPromoTasksMutation(promoId: number) {
  const changed = useTasksChanged();
  return useMutation({
    mutationFn: (taskIds: number[]) =>
      unwrap(api.api.admin.promos[':id'].tasks.$post({ param: { id: String(promoId) }, json: { taskIds } })),
    onSuccess: () => changed(promoId),
  });
}

export function useRemovePromoTaskMutation(promoId: number) {
  const changed = useTasksChanged();
  return useMutation({
    mutationFn: (taskId: number) =>
      unwrap(
        api.api.admin.promos[':id'].tasks[':taskId'].$delete({
          param: { id: String(promoId), taskId: String(taskId) },
        }),
      ),
    onSuccess: () => changed(promoId),
  });
}
