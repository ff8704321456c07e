import type { TaskStatus } from './enums';
import type { TaskBasics } from './recruiter-types';

// What `/api/admin/tasks` answers. Money is integer minor units plus currency; times are ISO-8601 UTC.

/** A row of the admin's task list. */
export type AdminTaskSummary = TaskBasics & {
  rewardAmount: number;
  rewardCurrency: string;
  quota: number;
  /** Referrals whose reward is APPROVED, PENDING_PAYMENT or PAID. */
  quotaUsed: number;
  /** Every referral of the task, decided or not. */
  referralCount: number;
  /** EXPIRED once an OPEN task's expiresAt has passed (derived, as the recruiter board does). */
  status: TaskStatus;
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** The promos that list a task. */
export type AdminTaskPromo = { id: number; title: string; startsAt: string; endsAt: string; running: boolean };

/** One task with every field the edit form needs. */
export type AdminTaskDetail = AdminTaskSummary & {
  description: string;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string;
  requiredSkills: string[];
  requiredLanguages: string[];
  promos: AdminTaskPromo[];
};
