import * as v from 'valibot';
import { emailSchema } from './auth-schemas';
import { LOCALES, RECRUITER_SORTS, RECRUITER_STATUS_FILTERS, USER_STATUSES } from './enums';
import { idField, idParamField, optionalText, personName } from './form-fields';
import { listPageEntries, searchEntry } from './list-query';
import { toE164 } from './phone';

// Payloads of Admin › Recruiters (`/api/admin/recruiters`), validated by the admin's forms and by the
// server at the edge. Issue messages are message keys the client localises.

/** The seed's recruiter status filter: ACTIVE, DEACTIVATE, or all. */
export type RecruiterSort = (typeof RECRUITER_SORTS)[number];

/** `GET /api/admin/recruiters`: search (name or e-mail), sort, status, page. */
export const recruiterListQuerySchema = v.object({
  ...searchEntry,
  sort: v.optional(v.picklist(RECRUITER_SORTS, 'field_invalid'), 'LATEST'),
  status: v.optional(v.picklist(RECRUITER_STATUS_FILTERS, 'field_invalid'), 'all'),
  ...listPageEntries,
});
export type RecruiterListQuery = v.InferOutput<typeof recruiterListQuerySchema>;

/** A phone typed as the admin has it; without "+" it is read as Malaysian. Stored in E.164. */
export const RECRUITER_DEFAULT_COUNTRY_CODE = '+60';
const optionalPhone = v.pipe(
  optionalText(30),
  v.check((phone) => phone === undefined || toE164(RECRUITER_DEFAULT_COUNTRY_CODE, phone) !== null, 'phone_invalid'),
  v.transform((phone) => (phone === undefined ? undefined : (toE164(RECRUITER_DEFAULT_COUNTRY_CODE, phone) as string))),
);

/** `POST /api/admin/recruiters` ("Add New Recruiter"). `locale` is the language of the invitation. */
export const addRecruiterSchema = v.object({
  fullName: personName(120),
  email: emailSchema,
  phone: optionalPhone,
  locale: v.optional(v.picklist(LOCALES, 'field_invalid'), 'en'),
});
export type AddRecruiterInput = v.InferInput<typeof addRecruiterSchema>;
export type AddRecruiterFields = v.InferOutput<typeof addRecruiterSchema>;

/** `PATCH /api/admin/recruiters/:id/status`. */
export const recruiterStatusSchema = v.object({
  status: v.picklist(USER_STATUSES, 'field_invalid'),
});

/** `POST /api/admin/recruiters/:id/tasks`: assign (join) a task for the recruiter. */
export const assignTaskSchema = v.object({ taskId: idField() });

/** `GET /api/admin/recruiters/:id/assignable-tasks`: open tasks the recruiter has not joined. */
export const assignableTaskQuerySchema = v.object({ ...searchEntry, ...listPageEntries });

/** `/:id/tasks/:taskId` path parameters. */
export const recruiterTaskParamSchema = v.object({
  id: idParamField(),
  taskId: idParamField(),
});
