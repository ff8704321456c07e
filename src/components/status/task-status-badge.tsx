import { TASK_STATUS_LABELS } from '#src/lib/enum-labels/task-labels.ts';
import type { TaskStatus } from '#src/shared/enums.ts';
import { Badge, type Tone } from './badge';

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const tone: Tone = status === 'OPEN' ? 'success' : 'neutral';
  return <Badge tone={tone} label={TASK_STATUS_LABELS[status]()} testId="task-status-badge" />;
}
