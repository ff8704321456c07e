import { m } from '#src/paraglide/messages.js';
import type { EraseAnswer } from '#src/shared/data-protection-types.ts';

// What "Erase now" did, said plainly: deleted outright, or kept anonymised for the money trail (and why).
export function EraseOutcome({ answer, onClose }: { answer: EraseAnswer; onClose: () => void }) {
  const deleted = answer.outcome !== 'ANONYMISED';
  return (
    <div role="status" className="alert alert-success alert-soft items-start" data-testid="erase-outcome">
      <div className="space-y-1">
        <p className="font-semibold">
          {answer.outcome === 'GONE'
            ? m.data_protection_outcome_gone()
            : deleted
              ? m.data_protection_outcome_deleted()
              : m.data_protection_outcome_anonymised()}
        </p>
        {answer.outcome === 'ANONYMISED' && <p className="text-sm">{m.data_protection_outcome_money_trail()}</p>}
        {answer.outcome !== 'GONE' && (
          <p className="text-sm">
            {[
              m.data_protection_count_files_removed({ count: answer.files }),
              m.data_protection_count_emails_removed({ count: answer.emails }),
            ].join(' · ')}
          </p>
        )}
      </div>
      <button type="button" className="btn btn-sm btn-ghost" onClick={onClose}>
        {m.data_protection_outcome_close()}
      </button>
    </div>
  );
}
