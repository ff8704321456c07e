import * as v from 'valibot';
import { isoMoment, TASK_MONEY_MAX } from './admin-task-schemas';
import { CURRENCIES, PROMO_PERIODS } from './enums';
import { idParamField } from './form-fields';
import { listPageEntries, searchEntry } from './list-query';

// Payloads of `/api/admin/promos` (issue 5). The bonus travels in integer minor units; issue messages
// are message keys the client localises.

/** How many tasks one "add tasks" call may carry. */
export const PROMO_ADD_TASKS_MAX = 100;

/** `GET /api/admin/promos` query: '' = every period. */
export const adminPromoListQuerySchema = v.object({
  ...searchEntry,
  period: v.optional(v.picklist(['', ...PROMO_PERIODS], 'field_invalid'), ''),
  ...listPageEntries,
});
export type AdminPromoListQuery = v.InferOutput<typeof adminPromoListQuerySchema>;

/** `GET /api/admin/promos/{id}/candidate-tasks` query: open tasks not in the promo. */
export const candidateTaskQuerySchema = v.object({ ...searchEntry, ...listPageEntries });
export type CandidateTaskQuery = v.InferOutput<typeof candidateTaskQuerySchema>;

/** `POST /api/admin/promos` and `PUT /api/admin/promos/{id}`: the whole promo. */
export const adminPromoInputSchema = v.pipe(
  v.object({
    title: v.pipe(
      v.string('field_required'),
      v.trim(),
      v.nonEmpty('field_required'),
      v.maxLength(120, 'field_too_long'),
    ),
    description: v.pipe(
      v.optional(v.nullable(v.string('field_invalid')), ''),
      v.transform((s) => (s ?? '').trim()),
      v.maxLength(2000, 'field_too_long'),
    ),
    startsAt: isoMoment('starts_at_invalid'),
    endsAt: isoMoment('ends_at_invalid'),
    bonusAmount: v.pipe(
      v.number('bonus_invalid'),
      v.integer('bonus_invalid'),
      v.minValue(1, 'bonus_invalid'),
      v.maxValue(TASK_MONEY_MAX, 'bonus_invalid'),
    ),
    bonusCurrency: v.optional(v.picklist(CURRENCIES, 'currency_invalid'), 'MYR'),
  }),
  v.forward(
    v.partialCheck([['startsAt'], ['endsAt']], (input) => input.startsAt < input.endsAt, 'ends_before_starts'),
    ['endsAt'],
  ),
);
export type AdminPromoInput = v.InferInput<typeof adminPromoInputSchema>;
export type AdminPromoFields = v.InferOutput<typeof adminPromoInputSchema>;

/** `POST /api/admin/promos/{id}/tasks`. */
export const promoAddTasksSchema = v.object({
  taskIds: v.pipe(
    v.array(
      v.pipe(v.number('task_ids_invalid'), v.integer('task_ids_invalid'), v.minValue(1, 'task_ids_invalid')),
      'task_ids_invalid',
    ),
    v.minLength(1, 'task_ids_required'),
    v.maxLength(PROMO_ADD_TASKS_MAX, 'task_ids_too_many'),
    v.transform((ids) => [...new Set(ids)]),
  ),
});
export type PromoAddTasksInput = v.InferInput<typeof promoAddTasksSchema>;

/** `/:id/tasks/:taskId` path parameters. */
export const promoTaskParamSchema = v.object({
  id: idParamField(),
  taskId: idParamField(),
});
