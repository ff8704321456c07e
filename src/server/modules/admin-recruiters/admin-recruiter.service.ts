import type { AppDeps } from '#src/server/context.ts';
import type { DB } from '#src/server/db/connect.ts';
import { AppError, notFound } from '#src/server/errors.ts';
import { appLink } from '#src/server/mail/app-link.ts';
import { enqueueEmail } from '#src/server/mail/outbox.ts';
import { endUserSessions, revokeUserSessions } from '#src/server/modules/auth/session.repository.ts';
import { scorecardsOf } from '#src/server/modules/insight/scorecard.ts';
import {
  getMyTask,
  listMyTasks,
  type MyTaskDetail,
} from '#src/server/modules/recruiter-tasks/recruiter-task.service.ts';
import { listReferralSummaries } from '#src/server/modules/referrals/referral-summaries.ts';
import { isUniqueViolation } from '#src/server/modules/talents/referral-rules.ts';
import { taskStatus } from '#src/server/modules/tasks/task.mappers.ts';
import { findTaskById } from '#src/server/modules/tasks/task.repository.ts';
import { findUserByEmail, insertUser } from '#src/server/modules/users/user.repository.ts';
import { hashPassword } from '#src/server/security/passwords.ts';
import type { SessionsEnded } from '#src/shared/account-types.ts';
import type { AddRecruiterFields, RecruiterListQuery } from '#src/shared/admin-recruiter-schemas.ts';
import type {
  AssignableTask,
  RecruiterDetail,
  RecruiterRow,
  TaskAssignment,
} from '#src/shared/admin-recruiter-types.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import { INVITATION_PASSWORD_TTL_SECONDS } from '#src/shared/constants.ts';
import { type AppLocale, type JobType, type Role, toAppLocale, type UserStatus } from '#src/shared/enums.ts';
import type { Scorecard } from '#src/shared/insight.ts';
import type { MyTaskCard, ReferralSummary } from '#src/shared/recruiter-types.ts';
import type { TalentListQuery } from '#src/shared/talent-schemas.ts';
import type { TaskListQuery } from '#src/shared/task-schemas.ts';
import {
  findAssignableTasks,
  findMembership,
  findRecruiterById,
  findRecruiterPage,
  insertAssignment,
  type RecruiterRecord,
  sumEarnings,
  updateRecruiterStatus,
} from './admin-recruiter.repository';
import { temporaryPassword } from './temporary-password';

const emailTaken = () =>
  new AppError('CONFLICT', 409, 'An account with this e-mail already exists.', { email: 'email_taken' });

function toRow(
  record: RecruiterRecord,
  earnings: Map<number, RecruiterRow['earnings']>,
  scores: Map<number, Scorecard>,
): RecruiterRow {
  const roles = JSON.parse(record.roles) as Role[];
  return {
    id: record.id,
    fullName: record.full_name,
    email: record.email,
    phone: record.phone,
    status: record.status as UserStatus,
    locale: toAppLocale(record.locale),
    needToChangePassword: record.need_to_change_password === 1,
    invitationExpiresAt: record.need_to_change_password === 1 ? record.temporary_password_expires_at : null,
    isAdmin: roles.includes('ROLE_ADMIN'),
    createdAt: record.created_at,
    counts: { tasks: Number(record.task_count ?? 0), referrals: Number(record.referral_count ?? 0) },
    earnings: earnings.get(record.id) ?? [],
    score: scores.get(record.id)?.score ?? null,
  };
}

/** Recruiters matching the query, each with their counts and earnings: two queries per page, plus the total. */
export async function listRecruiters(deps: AppDeps, query: RecruiterListQuery): Promise<ListPage<RecruiterRow>> {
  const { items, total } = await findRecruiterPage(deps.db, query);
  const ids = items.map((r) => r.id);
  const [earnings, scores] = await Promise.all([sumEarnings(deps.db, ids), scorecardsOf(deps.db, ids)]);
  return { items: items.map((r) => toRow(r, earnings, scores)), page: query.page, pageSize: query.pageSize, total };
}

async function recruiterOr404(deps: AppDeps, id: number): Promise<RecruiterRecord> {
  const record = await findRecruiterById(deps.db, id);
  if (!record) throw notFound('Recruiter');
  return record;
}

async function rowOf(deps: AppDeps, record: RecruiterRecord): Promise<RecruiterRow> {
  const [earnings, scores] = await Promise.all([sumEarnings(deps.db, [record.id]), scorecardsOf(deps.db, [record.id])]);
  return toRow(record, earnings, scores);
}

/** One recruiter with counts, earnings and what of it was paid; 404 for an unknown id or a non-recruiter. */
export async function getRecruiter(deps: AppDeps, id: number): Promise<RecruiterDetail> {
  const record = await recruiterOr404(deps, id);
  const [earnings, paid, scores] = await Promise.all([
    sumEarnings(deps.db, [id]),
    sumEarnings(deps.db, [id], ['PAID']),
    scorecardsOf(deps.db, [id]),
  ]);
  return { ...toRow(record, earnings, scores), paid: paid.get(id) ?? [] };
}

/**
 * "Add New Recruiter": the account with a random temporary password that must be changed at first
 * login and stops working after INVITATION_PASSWORD_TTL_SECONDS, and the invitation e-mail in the chosen
 * language saying until when, in one transaction (no account without its invitation). A taken e-mail
 * answers 409 with the field.
 */
export async function addRecruiter(deps: AppDeps, fields: AddRecruiterFields): Promise<RecruiterRow> {
  const { db, env, now } = deps;
  if (await findUserByEmail(db, fields.email)) throw emailTaken();
  const invitation = await newInvitation(deps);
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const userId = await insertUser(trx, {
        email: fields.email,
        passwordHash: invitation.passwordHash,
        fullName: fields.fullName,
        phone: fields.phone ?? null,
        roles: ['ROLE_RECRUITER'],
        locale: fields.locale,
        aiNoteQuota: env.AI_NOTE_QUOTA,
        temporaryPasswordExpiresAt: invitation.expiresAt,
        now: now().toISOString(),
      });
      await enqueueInvitation(trx, deps, { ...fields, ...invitation });
      return userId;
    });
  } catch (error) {
    // Another admin added the same e-mail a moment ago.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return rowOf(deps, await recruiterOr404(deps, id));
}

/**
 * "Send a new invitation" (issue 22): for a recruiter who has not set their own password yet, typically
 * because the temporary one expired. A new temporary password replaces the old one (which stops working
 * at once), with a new expiry, e-mailed in the recruiter's language. 409 once they have their own password.
 */
export async function resendInvitation(deps: AppDeps, id: number): Promise<RecruiterRow> {
  const record = await recruiterOr404(deps, id);
  if (record.need_to_change_password !== 1) {
    throw new AppError('CONFLICT', 409, 'This recruiter has already set their own password.');
  }
  const invitation = await newInvitation(deps);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        password_hash: invitation.passwordHash,
        temporary_password_expires_at: invitation.expiresAt,
        updated_at: deps.now().toISOString(),
      })
      .where('id', '=', id)
      .where('need_to_change_password', '=', 1)
      .execute();
    await enqueueInvitation(trx, deps, {
      email: record.email,
      fullName: record.full_name,
      locale: toAppLocale(record.locale),
      ...invitation,
    });
  });
  return rowOf(deps, await recruiterOr404(deps, id));
}

async function newInvitation(deps: AppDeps) {
  const password = temporaryPassword();
  return {
    password,
    passwordHash: await hashPassword(password),
    expiresAt: new Date(deps.now().getTime() + INVITATION_PASSWORD_TTL_SECONDS * 1000).toISOString(),
  };
}

function enqueueInvitation(
  trx: DB,
  deps: AppDeps,
  invitation: { email: string; fullName: string; locale: AppLocale; password: string; expiresAt: string },
) {
  return enqueueEmail(
    trx,
    {
      to: invitation.email,
      locale: invitation.locale,
      template: 'recruiter_invitation',
      payload: {
        name: invitation.fullName,
        email: invitation.email,
        temporaryPassword: invitation.password,
        expiresAt: invitation.expiresAt,
        link: appLink(deps.env.APP_URL, invitation.locale, '/login'),
      },
    },
    deps.now(),
  );
}

/**
 * Activates or deactivates a recruiter. Deactivating ends every session of theirs in the same
 * transaction: their access token stops working at once (requireUser checks the session) and no
 * refresh token brings it back, even after reactivation. An admin account is never deactivated here.
 */
export async function setRecruiterStatus(deps: AppDeps, id: number, status: UserStatus): Promise<RecruiterRow> {
  const record = await recruiterOr404(deps, id);
  const roles = JSON.parse(record.roles) as Role[];
  if (status === 'DEACTIVATE' && roles.includes('ROLE_ADMIN')) {
    throw new AppError('FORBIDDEN', 403, 'An admin account cannot be deactivated here.');
  }
  const at = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await updateRecruiterStatus(trx, id, status, at);
    if (status === 'DEACTIVATE') await revokeUserSessions(trx, id, 'DEACTIVATED', at);
  });
  return rowOf(deps, await recruiterOr404(deps, id));
}

/**
 * "End sessions": every session of the recruiter ends (reason ADMIN_ENDED) and the account stays
 * active; their next call answers 401 and their app signs out. Answers how many were live.
 */
export async function endRecruiterSessions(deps: AppDeps, id: number): Promise<SessionsEnded> {
  await recruiterOr404(deps, id);
  return { endedSessions: await endUserSessions(deps.db, { userId: id, reason: 'ADMIN_ENDED', now: deps.now() }) };
}

/** The recruiter's tasks (joined or assigned) with their referral counts, as the recruiter's Manage Task. */
export async function listRecruiterTasks(
  deps: AppDeps,
  id: number,
  query: TaskListQuery,
): Promise<ListPage<MyTaskCard>> {
  await recruiterOr404(deps, id);
  return listMyTasks(deps, id, query);
}

/** "Manage Task Detail": the task and the recruiter's referrals to it; 404 when they are not in it. */
export async function getRecruiterTask(deps: AppDeps, id: number, taskId: number): Promise<MyTaskDetail> {
  await recruiterOr404(deps, id);
  return getMyTask(deps, id, taskId);
}

/** The talent view: the recruiter's referrals across tasks, filtered and paged. */
export async function listRecruiterReferrals(
  deps: AppDeps,
  id: number,
  query: TalentListQuery,
): Promise<ListPage<ReferralSummary>> {
  await recruiterOr404(deps, id);
  const { items, total } = await listReferralSummaries(
    deps.db,
    {
      recruiterId: id,
      taskId: query.taskId,
      search: query.search,
      consent: query.consent,
      hiring: query.hiring,
      reward: query.reward,
    },
    { page: query.page, pageSize: query.pageSize },
  );
  return { items, page: query.page, pageSize: query.pageSize, total };
}

/** Open tasks the recruiter is not in yet, for "Assign a task". */
export async function listAssignableTasks(
  deps: AppDeps,
  id: number,
  query: { search?: string; page: number; pageSize: number },
): Promise<ListPage<AssignableTask>> {
  await recruiterOr404(deps, id);
  const nowIso = deps.now().toISOString();
  const { items, total } = await findAssignableTasks(deps.db, { recruiterId: id, ...query, nowIso });
  return {
    items: items.map((task) => ({
      id: task.id,
      code: task.code,
      title: task.title,
      company: task.company,
      jobType: task.job_type as JobType,
      status: taskStatus(task, nowIso),
      location: task.location,
      rewardAmount: Number(task.reward_amount),
      rewardCurrency: task.reward_currency,
      expiresAt: task.expires_at,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/**
 * Assigns a task to the recruiter (recruiter_tasks, assigned_by the admin). Idempotent: a recruiter
 * already in the task stays in, even if it closed since. A closed or expired task answers 409.
 */
export async function assignTask(deps: AppDeps, adminId: number, id: number, taskId: number): Promise<TaskAssignment> {
  await recruiterOr404(deps, id);
  const task = await findTaskById(deps.db, taskId);
  if (!task) throw notFound('Task');
  if (await findMembership(deps.db, id, taskId)) return { recruiterId: id, taskId, created: false };
  const nowIso = deps.now().toISOString();
  const status = taskStatus(task, nowIso);
  if (status === 'CLOSED') throw new AppError('CONFLICT', 409, 'This task is closed.');
  if (status === 'EXPIRED') throw new AppError('CONFLICT', 409, 'This task has expired.');
  const created = await insertAssignment(deps.db, { recruiterId: id, taskId, assignedBy: adminId, nowIso });
  return { recruiterId: id, taskId, created };
}
