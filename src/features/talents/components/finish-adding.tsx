import { Link } from '@tanstack/react-router';
import { m } from '#src/paraglide/messages.js';

// A talent whose resume was dropped but whose profile was never completed: a chip saying so and the way
// back to the profile completion of the task it was dropped for.
export function FinishAdding({ talentId, taskId }: { talentId: number; taskId: number }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="finish-adding">
      <span className="badge badge-warning badge-sm whitespace-nowrap">{m.talent_needs_completion()}</span>
      <Link
        to="/manage-task/add/profile-completion"
        search={{ taskId: String(taskId), talentId: String(talentId) }}
        className="btn btn-sm btn-primary"
      >
        {m.talent_finish_adding()}
      </Link>
    </p>
  );
}
