import { Link } from '@tanstack/react-router';
import { answerId } from '#src/features/outbox/entry-view.ts';
import type { OutboxEntry } from '#src/lib/outbox/outbox-types.ts';
import { m } from '#src/paraglide/messages.js';

const LINK = 'btn btn-sm';

/**
 * Where a refused entry is corrected: its own form, refilled from the entry. Drop-resume takes it as
 * `entry=<id>`; profile completion finds the talent's queued completion for the task by itself.
 */
export function FixLink({ entry }: { entry: OutboxEntry }) {
  const { taskId, talentId, referralId } = entry.meta;
  if (entry.kind === 'drop-resume' && taskId) {
    return (
      <Link to="/manage-task/add/drop-resume" search={{ taskId, entry: entry.id }} className={`${LINK} btn-primary`}>
        {m.outbox_fix()}
      </Link>
    );
  }
  if (entry.kind === 'profile-completion' && taskId && talentId) {
    return (
      <Link
        to="/manage-task/add/profile-completion"
        search={{ taskId, talentId: String(talentId) }}
        className={`${LINK} btn-primary`}
      >
        {m.outbox_fix()}
      </Link>
    );
  }
  if (entry.kind === 'call-proof' && talentId) {
    return (
      <Link
        to="/talents-folder/$id/profile"
        params={{ id: String(talentId) }}
        search={{ referral: referralId }}
        className={`${LINK} btn-primary`}
      >
        {m.outbox_fix()}
      </Link>
    );
  }
  return null;
}

/** What a sent entry made: the next step of the add-talent flow, or the talent's profile. */
export function ResultLink({ entry }: { entry: OutboxEntry }) {
  const talentId = answerId(entry, 'talentId') ?? entry.meta.talentId;
  if (!talentId) return null;
  if (entry.kind === 'drop-resume') {
    const taskId = entry.meta.taskId;
    if (entry.meta.flowDone === true || !taskId) return null;
    return (
      <Link
        to="/manage-task/add/profile-completion"
        search={{ taskId, talentId: String(talentId) }}
        className={`${LINK} btn-primary`}
      >
        {m.outbox_complete_profile()}
      </Link>
    );
  }
  const referral = answerId(entry, 'referralId') ?? entry.meta.referralId;
  return (
    <Link
      to="/talents-folder/$id/profile"
      params={{ id: String(talentId) }}
      search={{ referral }}
      className={`${LINK} btn-outline`}
    >
      {m.outbox_open_profile()}
    </Link>
  );
}
