import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { errorMessage } from '../../../lib/app-error';
import { m } from '../../../paraglide/messages';
import type { ParseStatus } from '../../../shared/recruiter-types';
import { addTalentTalentQueryOptions } from '../api';
import { clearHeldResume, type HeldResume, rememberDropNote } from '../held-resume';
import { forgetUpload, startUpload, useUpload } from '../upload-run';
import { AddTalentSteps } from './add-talent-steps';
import { TaskHeading } from './task-heading';

// Step 2: sends the held resume drop with a real progress bar, then follows the server's reading of
// the resume until it is done, failed or skipped (or 30 s have passed: the profile can be completed by
// hand), and moves on to profile completion.

const POLL_MS = 700;
const PARSE_WAIT_MS = 30_000;
const FINISHED: ReadonlySet<ParseStatus> = new Set(['DONE', 'FAILED', 'SKIPPED']);

const PARSE_LABELS: Record<ParseStatus, () => string> = {
  PENDING: m.add_talent_parse_pending,
  PARSING: m.add_talent_parse_parsing,
  DONE: m.add_talent_parse_done,
  FAILED: m.add_talent_parse_failed,
  SKIPPED: m.add_talent_parse_skipped,
};

export function ProgressPage({ taskId, held }: { taskId: string; held: HeldResume }) {
  const navigate = useNavigate();
  const upload = useUpload(held);
  const answer = upload.phase === 'sent' ? upload.answer : null;
  const talentId = answer ? String(answer.talentId) : null;
  const [timedOut, setTimedOut] = useState(false);

  const talent = useQuery({
    ...addTalentTalentQueryOptions(talentId ?? '0'),
    enabled: answer !== null && !FINISHED.has(answer.parseStatus),
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.parseStatus;
      return status && FINISHED.has(status) ? false : POLL_MS;
    },
  });
  const parseStatus = talent.data?.parseStatus ?? answer?.parseStatus ?? null;
  const finished = talentId !== null && ((parseStatus !== null && FINISHED.has(parseStatus)) || timedOut);

  useEffect(() => {
    if (upload.phase !== 'sent') return;
    const timer = setTimeout(() => setTimedOut(true), Math.max(0, upload.sentAt + PARSE_WAIT_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [upload]);

  const leaving = useRef(false);
  useEffect(() => {
    if (leaving.current) return;
    if (upload.phase === 'refused') {
      leaving.current = true;
      // The held payload now carries the refusal: the form shows it beside the fields.
      void navigate({ to: '/manage-task/add/drop-resume', search: { taskId }, replace: true });
    } else if (finished && talentId) {
      leaving.current = true;
      rememberDropNote(talentId, held.fields.recruiterNote);
      void navigate({ to: '/manage-task/add/profile-completion', search: { taskId, talentId }, replace: true }).then(
        async () => {
          await clearHeldResume(taskId);
          forgetUpload(held.clientId);
        },
      );
    }
  }, [upload, finished, talentId, taskId, held, navigate]);

  const percent = upload.phase === 'uploading' ? Math.round(upload.fraction * 100) : upload.phase === 'sent' ? 100 : 0;
  const reading = parseStatus === 'PENDING' || parseStatus === 'PARSING';

  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4">
      <AddTalentSteps current={2} />
      <h1 className="text-2xl font-semibold">{m.title_processing()}</h1>
      <TaskHeading taskId={taskId} />
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4">
          <p className="font-medium break-all">{held.file.name}</p>
          <div className="flex flex-col gap-1">
            <div className="flex justify-between text-sm">
              <span>{upload.phase === 'sent' ? m.add_talent_uploaded() : m.add_talent_uploading()}</span>
              <span aria-hidden="true">{percent}%</span>
            </div>
            <progress
              className="progress progress-primary w-full"
              value={percent}
              max={100}
              aria-label={m.add_talent_upload_progress()}
              aria-valuetext={`${percent}%`}
            />
          </div>
          <div role="status" aria-live="polite" className="flex min-h-6 items-center gap-2 text-sm">
            {parseStatus && (
              <>
                {reading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                <span data-testid="parse-status">{PARSE_LABELS[parseStatus]()}</span>
              </>
            )}
          </div>
        </div>
      </div>
      {upload.phase === 'failed' && (
        <div className="flex flex-col gap-3">
          <FormAlert
            message={upload.error.code === 'NETWORK_ERROR' ? m.add_talent_upload_failed() : errorMessage(upload.error)}
          />
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" className="btn btn-primary btn-sm" onClick={() => startUpload(held)}>
              {m.add_talent_retry()}
            </button>
            <Link to="/manage-task/add/drop-resume" search={{ taskId }} className="link link-hover text-sm">
              {m.add_talent_back_to_form()}
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}
