import { formatDate } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { TalentCorrection } from '#src/shared/recruiter-types.ts';

const DAY = 86_400_000;

// The talent asked, from their data page, for a correction (issue 24): the recruiter edits the profile as
// usual and has until the due date (21 days, PDPA s31). An admin closes the request.
export function CorrectionBanner({ corrections, now = Date.now() }: { corrections: TalentCorrection[]; now?: number }) {
  if (corrections.length === 0) return null;
  return (
    <div className="space-y-2">
      {corrections.map((c) => {
        const daysLeft = Math.ceil((new Date(c.dueAt).getTime() - now) / DAY);
        return (
          <div key={c.id} role="status" className="space-y-1 rounded-box border border-warning/50 bg-warning/10 p-3">
            <p className="break-words">
              {m.talent_data_correction_banner({
                date: formatDate(c.createdAt),
                message: c.message,
                dueDate: formatDate(c.dueAt),
              })}
            </p>
            <p className={`text-sm font-semibold ${daysLeft > 0 ? '' : 'text-error'}`}>
              {daysLeft > 0
                ? m.talent_data_correction_days_left({ count: daysLeft })
                : m.talent_data_correction_overdue()}
            </p>
          </div>
        );
      })}
    </div>
  );
}
