import { m } from '#src/paraglide/messages.js';
import type { JobType, TaskStatus } from '#src/shared/enums.ts';

// Localised labels of the shared enums, one file per area so a screen loads only its own. Maps, not
// dynamic key lookups, so the bundler keeps what is used.

export const JOB_TYPE_LABELS: Record<JobType, () => string> = {
  ft: m.job_type_ft,
  pt: m.job_type_pt,
  intern: m.job_type_intern,
};

export const TASK_STATUS_LABELS: Record<TaskStatus, () => string> = {
  OPEN: m.task_status_open,
  CLOSED: m.task_status_closed,
  EXPIRED: m.task_status_expired,
};
