import * as v from 'valibot';
import { isoMoment } from './admin-task-schemas';
import { ACCESS_ACTIONS } from './enums';
import { idField } from './form-fields';
import { listPageEntries } from './list-query';

// The record of access to personal data (issue 24 part 4), as admins read it.

/** Every line the record can hold (the table's `action`; kept in step with AccessAction in database.ts). */
export { ACCESS_ACTIONS, type AccessActionName } from './enums';

/**
 * `GET /api/admin/access-log` query. `from` and `to` are moments (the screen turns the admin's dates into
 * the start of those days in the admin's zone); `to` is exclusive.
 */
export const accessLogQuerySchema = v.object({
  action: v.optional(v.picklist(ACCESS_ACTIONS, 'field_invalid')),
  actorId: v.optional(idField('field_invalid')),
  talentId: v.optional(idField('field_invalid')),
  from: v.optional(isoMoment('field_invalid')),
  to: v.optional(isoMoment('field_invalid')),
  ...listPageEntries,
});
export type AccessLogQuery = v.InferOutput<typeof accessLogQuerySchema>;
