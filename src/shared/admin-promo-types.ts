import type { JobType, PromoPeriod, TaskStatus } from './enums';
import type { PromoBasics } from './recruiter-types';

// What `/api/admin/promos` answers. Money is integer minor units plus currency; times are ISO-8601 UTC.

export type AdminPromoSummary = PromoBasics & {
  /** UPCOMING before startsAt, RUNNING while startsAt <= now < endsAt, ENDED after. */
  period: PromoPeriod;
  taskCount: number;
  /** Referrals made while the promo ran (they carry it): a promo with any cannot be deleted. */
  referralCount: number;
  createdAt: string;
  updatedAt: string;
};

/** A task as a promo shows it, and as the "add tasks" picker offers it. */
export type PromoTaskItem = {
  id: number;
  code: string;
  title: string;
  company: string;
  jobType: JobType;
  location: string;
  rewardAmount: number;
  rewardCurrency: string;
  status: TaskStatus;
  expiresAt: string | null;
};

export type AdminPromoDetail = AdminPromoSummary & {
  /** The promo's tasks, the last added first. */
  tasks: Array<PromoTaskItem & { addedAt: string }>;
};

/** `POST /api/admin/promos/{id}/tasks` answer. */
export type PromoTasksAdded = { added: number; taskCount: number };
