import * as v from 'valibot';
import { JOB_TYPES, TASK_SORTS, TASK_STATUS_FILTERS } from './enums';
import { idField } from './form-fields';
import { listPageEntries, searchEntry } from './list-query';

/** `GET /api/recruiter/task` and `GET /api/recruiter/recruiter/task` query (seed section 3 filters). */
export const taskListQuerySchema = v.object({
  ...searchEntry,
  // '' = all job types (seed).
  jobType: v.optional(v.picklist(['', ...JOB_TYPES], 'field_invalid'), ''),
  sort: v.optional(v.picklist(TASK_SORTS, 'field_invalid'), 'date'),
  status: v.optional(v.picklist(TASK_STATUS_FILTERS, 'field_invalid'), 'open'),
  // `/task/promo/{id}`: the tasks of one promo.
  promoId: v.optional(idField('field_invalid')),
  ...listPageEntries,
});
export type TaskListQuery = v.InferOutput<typeof taskListQuerySchema>;
export type TaskListSearch = v.InferInput<typeof taskListQuerySchema>;
