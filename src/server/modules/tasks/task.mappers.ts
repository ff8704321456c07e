import type { Promo, Task } from '#src/server/db/database.ts';
import { jsonList } from '#src/server/db/json-list.ts';
import type { JobType, TaskStatus } from '#src/shared/enums.ts';
import type {
  PromoBasics,
  PromoBonus,
  PromoSummary,
  TaskBasics,
  TaskCard,
  TaskDetail,
} from '#src/shared/recruiter-types.ts';
import type { PromoRow } from './task.repository';

/** EXPIRED is derived: an OPEN task whose expires_at is not in the future. */
export const taskStatus = (task: Pick<Task, 'status' | 'expires_at'>, nowIso: string): TaskStatus =>
  task.status === 'OPEN' && task.expires_at !== null && task.expires_at <= nowIso ? 'EXPIRED' : task.status;

export const toTaskBasics = (task: Task): TaskBasics => ({
  id: task.id,
  code: task.code,
  title: task.title,
  company: task.company,
  jobType: task.job_type as JobType,
  isCritical: task.is_critical === 1,
  location: task.location,
  country: task.country,
});

export type CardExtras = { promo: PromoBonus | null; quotaUsed: number; joined: boolean };

export function toTaskCard(task: Task, extras: CardExtras, nowIso: string): TaskCard {
  return {
    ...toTaskBasics(task),
    salaryMin: task.salary_min === null ? null : Number(task.salary_min),
    salaryMax: task.salary_max === null ? null : Number(task.salary_max),
    salaryCurrency: task.salary_currency,
    rewardAmount: Number(task.reward_amount),
    rewardCurrency: task.reward_currency,
    promo: extras.promo,
    quota: task.quota,
    quotaUsed: extras.quotaUsed,
    quotaLeft: Math.max(0, task.quota - extras.quotaUsed),
    status: taskStatus(task, nowIso),
    expiresAt: task.expires_at,
    createdAt: task.created_at,
    joined: extras.joined,
  };
}

export const toTaskDetail = (task: Task, card: TaskCard): TaskDetail => ({
  ...card,
  description: task.description,
  requiredSkills: jsonList(task.required_skills),
  requiredLanguages: jsonList(task.required_languages),
});

export const toPromoBasics = (
  promo: Pick<Promo, 'id' | 'title' | 'description' | 'starts_at' | 'ends_at' | 'bonus_amount' | 'bonus_currency'>,
): PromoBasics => ({
  id: promo.id,
  title: promo.title,
  description: promo.description,
  startsAt: promo.starts_at,
  endsAt: promo.ends_at,
  bonusAmount: Number(promo.bonus_amount),
  bonusCurrency: promo.bonus_currency,
});

export const toPromoSummary = (promo: PromoRow, nowIso: string): PromoSummary => ({
  ...toPromoBasics(promo),
  taskCount: Number(promo.task_count),
  running: promo.starts_at <= nowIso && nowIso < promo.ends_at,
});
