import { formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { TaskCard } from '#src/shared/recruiter-types.ts';

/** "RM 3,500.00 – RM 5,000.00", one end when only one is known, else "Not stated". */
export function salaryRange(task: Pick<TaskCard, 'salaryMin' | 'salaryMax' | 'salaryCurrency'>): string {
  const { salaryMin: min, salaryMax: max, salaryCurrency: currency } = task;
  if (min !== null && max !== null && min !== max) {
    return `${formatMoney(min, currency)} – ${formatMoney(max, currency)}`;
  }
  const one = min ?? max;
  return one === null ? m.task_salary_not_stated() : formatMoney(one, currency);
}

/** "+ RM 50.00 promo bonus" when a running promo lists the task. */
export function promoBonusText(task: Pick<TaskCard, 'promo'>): string | null {
  return task.promo ? m.task_promo_bonus({ amount: formatMoney(task.promo.amount, task.promo.currency) }) : null;
}
