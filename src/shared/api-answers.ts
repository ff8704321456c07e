import * as v from 'valibot';
import type { AdminReferralRow } from './admin-referral-types';
import type { AuthUser, LoginAnswer } from './auth-schemas';
import {
  CONSENT_STATUSES,
  EDUCATION_LEVELS,
  HIRING_STATUSES,
  ITA_STATUSES,
  JOB_TYPES,
  PAYMENT_STATUSES,
  REWARD_STATUSES,
  ROLES,
  TASK_STATUSES,
  USER_STATUSES,
} from './enums';
import { ERROR_CODES } from './error-codes';
import { NOTIFICATION_KINDS, type NotificationPage } from './notifications';
import type { PaymentRow } from './payment-types';
import type {
  DropResumeAnswer,
  MyTaskCard,
  ReferralCreated,
  ReferralSummary,
  TalentSummary,
  TaskCard,
} from './recruiter-types';

// The answers of the API's main calls as valibot schemas, for its OpenAPI document (src/server/openapi/) and
// the contract test that checks real answers against it (tests/server/openapi.test.ts). Each mirrors a type
// the server returns; the `Same` checks below fail typecheck when the two part.

const id = v.pipe(v.number(), v.integer());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const time = v.pipe(v.string(), v.isoTimestamp());
const nullable = <S extends v.GenericSchema>(schema: S) => v.nullable(schema);

/** `{ success: true, data }`, the shape of every JSON answer that is not an error. */
export const okAnswer = <S extends v.GenericSchema>(data: S) => v.object({ success: v.literal(true), data });

/** `{ items, page, pageSize, total }`, one page of a list. */
export const listPage = <S extends v.GenericSchema>(item: S) =>
  v.object({ items: v.array(item), page: count, pageSize: count, total: count });

export const errorAnswerSchema = v.object({
  success: v.literal(false),
  error: v.object({
    code: v.picklist(ERROR_CODES),
    message: v.string(),
    fields: v.optional(v.record(v.string(), v.string())),
    requestId: v.optional(v.string()),
  }),
});

export const healthAnswerSchema = okAnswer(v.object({ status: v.literal('ok'), database: v.literal('ok') }));

export const loginAnswerSchema = v.object({
  success: v.literal(true),
  needToChangePassword: v.boolean(),
  token: nullable(v.string()),
  accessToken: nullable(v.string()),
  /** null when the app asked for the HttpOnly cookie instead. */
  refreshToken: nullable(v.string()),
});

export const refreshAnswerSchema = v.object({
  success: v.literal(true),
  accessToken: v.string(),
  refreshToken: nullable(v.string()),
});

export const nullAnswerSchema = okAnswer(v.null());

export const authUserSchema = v.object({
  id,
  email: v.string(),
  fullName: v.string(),
  phone: nullable(v.string()),
  roles: v.array(v.picklist(ROLES)),
  status: v.picklist(USER_STATUSES),
  needToChangePassword: v.boolean(),
  remainingAiNoteImprovement: count,
  locale: v.string(),
  timezone: v.string(),
});

const promoBonus = v.object({ promoId: id, title: v.string(), amount: count, currency: v.string(), endsAt: time });

export const taskCardSchema = v.object({
  id,
  code: v.string(),
  title: v.string(),
  company: v.string(),
  jobType: v.picklist(JOB_TYPES),
  isCritical: v.boolean(),
  location: v.string(),
  country: v.string(),
  salaryMin: nullable(count),
  salaryMax: nullable(count),
  salaryCurrency: v.string(),
  rewardAmount: count,
  rewardCurrency: v.string(),
  promo: nullable(promoBonus),
  quota: count,
  quotaUsed: count,
  quotaLeft: v.pipe(v.number(), v.integer()),
  status: v.picklist(TASK_STATUSES),
  expiresAt: nullable(time),
  createdAt: time,
  joined: v.boolean(),
});

export const myTaskCardSchema = v.object({
  ...taskCardSchema.entries,
  counts: v.object({
    total: count,
    consentPending: count,
    consentConfirmed: count,
    consentDeclined: count,
    consentWithdrawn: count,
    rewardInReview: count,
    rewardApproved: count,
    rewardNotRewarded: count,
  }),
});

const rewardStatus = nullable(v.picklist(REWARD_STATUSES));

export const referralSummarySchema = v.object({
  id,
  talentId: id,
  talentName: v.string(),
  talentEmail: v.string(),
  talentPhone: v.string(),
  taskId: id,
  taskCode: v.string(),
  taskTitle: v.string(),
  company: v.string(),
  consentStatus: v.picklist(CONSENT_STATUSES),
  itaStatus: v.picklist(ITA_STATUSES),
  hiringStatus: v.picklist(HIRING_STATUSES),
  rewardStatus,
  rewardAmount: nullable(count),
  rewardCurrency: nullable(v.string()),
  callProofs: v.object({ total: count, needReview: count, accepted: count, rejected: count }),
  consentExpiresAt: v.optional(nullable(time)),
  consentWithdrawnAt: v.optional(nullable(time)),
  createdAt: time,
  updatedAt: time,
});

export const adminReferralRowSchema = v.object({
  ...referralSummarySchema.entries,
  recruiterId: id,
  recruiterName: v.string(),
  recruiterEmail: v.string(),
  rewardDecidedAt: nullable(time),
  paymentId: nullable(id),
});

export const talentSummarySchema = v.object({
  id,
  fullName: v.string(),
  email: v.string(),
  phone: v.string(),
  location: v.string(),
  country: v.string(),
  educationLevel: v.picklist(EDUCATION_LEVELS),
  languages: v.array(v.string()),
  parseStatus: v.picklist(['PENDING', 'PARSING', 'DONE', 'FAILED', 'SKIPPED']),
  referrals: v.array(
    v.object({
      id,
      taskId: id,
      taskTitle: v.string(),
      consentStatus: v.picklist(CONSENT_STATUSES),
      hiringStatus: v.picklist(HIRING_STATUSES),
      rewardStatus,
      consentWithdrawnAt: nullable(time),
    }),
  ),
  needsCompletion: v.boolean(),
  completionTaskId: nullable(id),
  erasedAt: nullable(time),
  createdAt: time,
  updatedAt: time,
});

export const dropResumeAnswerSchema = v.object({
  talentId: id,
  taskId: id,
  parseStatus: talentSummarySchema.entries.parseStatus,
  created: v.boolean(),
});

export const referralCreatedSchema = v.object({ referralId: id, talentId: id, taskId: id });

export const paymentRowSchema = v.object({
  id,
  recruiterId: id,
  recruiterName: v.string(),
  recruiterEmail: v.string(),
  amount: count,
  currency: v.string(),
  withholdingRate: nullable(count),
  withheld: count,
  net: count,
  status: v.picklist(PAYMENT_STATUSES),
  reference: nullable(v.string()),
  paidAt: nullable(time),
  referralCount: count,
  createdBy: nullable(v.object({ id, name: v.string() })),
  createdAt: time,
  updatedAt: time,
});

export const notificationPageSchema = v.object({
  items: v.array(
    v.object({
      id,
      kind: v.picklist(NOTIFICATION_KINDS),
      payload: v.record(v.string(), v.unknown()),
      path: v.string(),
      createdAt: time,
      readAt: nullable(time),
    }),
  ),
  unread: count,
  nextBefore: nullable(id),
});

// Type checks: a schema and the type it mirrors must have the same keys and value types.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(ok: Same<A, B>) => ok;
same<v.InferOutput<typeof loginAnswerSchema>, LoginAnswer>(true);
same<v.InferOutput<typeof authUserSchema>, AuthUser>(true);
same<v.InferOutput<typeof taskCardSchema>, TaskCard>(true);
same<v.InferOutput<typeof myTaskCardSchema>, MyTaskCard>(true);
same<v.InferOutput<typeof referralSummarySchema>, ReferralSummary>(true);
same<v.InferOutput<typeof adminReferralRowSchema>, AdminReferralRow>(true);
same<v.InferOutput<typeof talentSummarySchema>, TalentSummary>(true);
same<v.InferOutput<typeof dropResumeAnswerSchema>, DropResumeAnswer>(true);
same<v.InferOutput<typeof referralCreatedSchema>, ReferralCreated>(true);
same<v.InferOutput<typeof paymentRowSchema>, PaymentRow>(true);
same<Omit<v.InferOutput<typeof notificationPageSchema>, 'items'>, Omit<NotificationPage, 'items'>>(true);
