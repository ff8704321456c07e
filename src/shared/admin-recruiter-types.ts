import type { AppLocale, JobType, TaskStatus, UserStatus } from './enums';

// What Admin › Recruiters answers. Money is integer minor units plus currency; times are ISO-8601 UTC.

/** A sum of money in one currency (minor units). */
export type MoneyTotal = { currency: string; amount: number };

export type RecruiterRow = {
  id: number;
  fullName: string;
  email: string;
  /** E.164, or null. */
  phone: string | null;
  status: UserStatus;
  /** The language of the recruiter's e-mails. */
  locale: AppLocale;
  /** Invited with a temporary password and not logged in (set their own password) yet. */
  needToChangePassword: boolean;
  /**
   * Until when the invitation's temporary password logs in (ISO-8601 UTC); null when the recruiter has
   * set their own password, or was invited before temporary passwords expired.
   */
  invitationExpiresAt: string | null;
  /** Also an admin: such an account is never deactivated from this list. */
  isAdmin: boolean;
  createdAt: string;
  /** Tasks joined or assigned, and referrals made (all states). */
  counts: { tasks: number; referrals: number };
  /**
   * Rewards earned (APPROVED, PENDING_PAYMENT and PAID), one total per reward currency, the main
   * currency (MYR) first. Empty when nothing is earned yet.
   */
  earnings: MoneyTotal[];
  /**
   * The recruiter's score (0–100, issue 27: `scorecardOf` in insight.ts), or null below
   * MIN_SCORED_REFERRALS referrals.
   */
  score: number | null;
};

export type RecruiterDetail = RecruiterRow & {
  /** Of `earnings`, what was paid out (PAID), per currency. */
  paid: MoneyTotal[];
};

/** An open task the recruiter has not joined, for "Assign a task". */
export type AssignableTask = {
  id: number;
  code: string;
  title: string;
  company: string;
  jobType: JobType;
  status: TaskStatus;
  location: string;
  rewardAmount: number;
  rewardCurrency: string;
  expiresAt: string | null;
};

/** `POST /api/admin/recruiters/:id/tasks` answer; `created` is false when the recruiter was already in. */
export type TaskAssignment = { recruiterId: number; taskId: number; created: boolean };
