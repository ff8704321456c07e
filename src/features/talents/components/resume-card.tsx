import { useState } from 'react';
import { toast } from '#src/components/toast/toast-store.ts';
import { downloadFile } from '#src/features/talents/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { formatBytes } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { ParseStatus, TalentDetail } from '#src/shared/recruiter-types.ts';

const PARSE_NOTES: Record<ParseStatus, () => string> = {
  PENDING: m.talent_parse_pending,
  PARSING: m.talent_parse_pending,
  DONE: m.talent_parse_done,
  FAILED: m.talent_parse_failed,
  SKIPPED: m.talent_parse_skipped,
};

/** A button that saves a stored file (fetched with the session, never a bare link). */
export function DownloadButton({
  file,
  label,
  className = 'btn btn-sm',
}: {
  file: { id: number; name: string };
  label: string;
  className?: string;
}) {
  const [pending, setPending] = useState(false);
  async function onClick() {
    setPending(true);
    try {
      await downloadFile(file);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  }
  return (
    <button type="button" className={className} onClick={onClick} disabled={pending} aria-busy={pending}>
      {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {pending ? m.talent_file_downloading() : label}
    </button>
  );
}

// The resume file and what became of reading it.
export function ResumeCard({ talent }: { talent: TalentDetail }) {
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="talent-resume-heading">
      <div className="card-body gap-3">
        <h2 id="talent-resume-heading" className="card-title text-lg">
          {m.talent_resume_heading()}
        </h2>
        {talent.resume ? (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="min-w-0 break-all text-sm">
              {talent.resume.name} <span className="text-base-content/60">({formatBytes(talent.resume.size)})</span>
            </p>
            <DownloadButton
              file={talent.resume}
              label={m.talent_resume_download()}
              className="btn btn-sm btn-primary"
            />
          </div>
        ) : (
          <p className="text-sm text-base-content/70">{m.talent_resume_none()}</p>
        )}
        <p className="text-sm text-base-content/70" data-testid="parse-status">
          {PARSE_NOTES[talent.parseStatus]()}
        </p>
      </div>
    </section>
  );
}
