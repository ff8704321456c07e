import { fromWallTime, toWallTime } from '#src/lib/wall-time.ts';
import type { AdminTaskInput } from '#src/shared/admin-task-schemas.ts';
import type { AdminTaskDetail } from '#src/shared/admin-task-types.ts';
import type { JobType } from '#src/shared/enums.ts';
import { toMajorUnits, toMinorUnits } from '#src/shared/money.ts';

// The task form holds what the admin typed (text); the API takes minor units and ISO times. Bad text
// becomes a value the shared schema refuses with its field key (NaN for a number, the text for a time).

export type TaskFormValues = {
  title: string;
  company: string;
  description: string;
  jobType: JobType | '';
  isCritical: boolean;
  location: string;
  country: string;
  salaryMin: string;
  salaryMax: string;
  salaryCurrency: string;
  rewardAmount: string;
  rewardCurrency: string;
  quota: string;
  expiresAt: string;
  requiredSkills: string[];
  requiredLanguages: string[];
};

export const EMPTY_TASK: TaskFormValues = {
  title: '',
  company: '',
  description: '',
  jobType: '',
  isCritical: false,
  location: '',
  country: 'Malaysia',
  salaryMin: '',
  salaryMax: '',
  salaryCurrency: 'MYR',
  rewardAmount: '',
  rewardCurrency: 'MYR',
  quota: '',
  expiresAt: '',
  requiredSkills: [],
  requiredLanguages: [],
};

const numberText = (text: string) => (/^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN);

/** Major units as typed ("150.50") in minor units; blank is null. */
export function moneyInput(text: string, currency: string): number | null {
  if (text.trim() === '') return null;
  const major = numberText(text);
  return Number.isNaN(major) ? Number.NaN : toMinorUnits(major, currency);
}

const moneyText = (minor: number | null, currency: string) =>
  minor === null ? '' : String(toMajorUnits(minor, currency));

export function toTaskInput(values: TaskFormValues): AdminTaskInput {
  return {
    title: values.title,
    company: values.company,
    description: values.description,
    jobType: values.jobType as JobType,
    isCritical: values.isCritical,
    location: values.location,
    country: values.country,
    salaryMin: moneyInput(values.salaryMin, values.salaryCurrency),
    salaryMax: moneyInput(values.salaryMax, values.salaryCurrency),
    salaryCurrency: values.salaryCurrency as AdminTaskInput['salaryCurrency'],
    rewardAmount: moneyInput(values.rewardAmount, values.rewardCurrency) ?? Number.NaN,
    rewardCurrency: values.rewardCurrency as AdminTaskInput['rewardCurrency'],
    quota: values.quota.trim() === '' ? Number.NaN : numberText(values.quota),
    expiresAt: values.expiresAt.trim() === '' ? null : fromWallTime(values.expiresAt),
    requiredSkills: values.requiredSkills,
    requiredLanguages: values.requiredLanguages as AdminTaskInput['requiredLanguages'],
  };
}

export function toFormValues(task: AdminTaskDetail): TaskFormValues {
  return {
    title: task.title,
    company: task.company,
    description: task.description,
    jobType: task.jobType,
    isCritical: task.isCritical,
    location: task.location,
    country: task.country,
    salaryMin: moneyText(task.salaryMin, task.salaryCurrency),
    salaryMax: moneyText(task.salaryMax, task.salaryCurrency),
    salaryCurrency: task.salaryCurrency,
    rewardAmount: moneyText(task.rewardAmount, task.rewardCurrency),
    rewardCurrency: task.rewardCurrency,
    quota: String(task.quota),
    expiresAt: task.expiresAt ? toWallTime(task.expiresAt) : '',
    requiredSkills: task.requiredSkills,
    requiredLanguages: task.requiredLanguages,
  };
}
