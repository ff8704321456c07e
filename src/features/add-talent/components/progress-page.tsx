import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { addTalentTalentQueryOptions } from '#src/features/add-talent/api.ts';
import { rememberDropNote } from '#src/features/add-talent/held-resume.ts';
import { markFlowDone, retryNow } from '#src/lib/outbox/outbox-runner.ts';
import type { OutboxEntry } from '#src/lib/outbox/outbox-types.ts';
import { useOutbox, useSendProgress } from '#src/lib/outbox/use-outbox.ts';
import { useOnline } from '#src/lib/use-online.ts';
import { m } from '#src/paraglide/messages.js';
import type { DropResumeAnswer, ParseStatus } from '#src/shared/recruiter-types.ts';
import { AddTalentSteps } from './add-talent-steps';
import { TaskHeading } from './task-heading';

// Step 2: follows the drop's outbox entry: its upload with a real progress bar (or, offline, the note
// that it is safe on the device and goes by itself later), then the server's reading of the resume
// until it is done, failed or skipped (or 30 s have passed: the profile can be completed by hand),
// and moves on to profile completion. A refused drop goes back to the form.

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

export function ProgressPage({ taskId, initial }: { taskId: string; initial: OutboxEntry }) {
  const navigate = useNavigate();
  const outbox = useOutbox();
  // Until the outbox is read, the entry as the loader found it.
  const entry = outbox.loaded ? outbox.entries.find((item) => item.id === initial.id) : initial;
  const sending = useSendProgress(initial.id);
  // Followed through the browser's online/offline events (and failed requests), as the offline banner is:
  // read once per render, the page went on saying "Uploading" under the banner "You're offline".
  const online = useOnline();
  const answer = entry?.state === 'sent' ? ((entry.answer ?? null) as DropResumeAnswer | null) : null;
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

  const sentAt = entry?.sentAt;
  useEffect(() => {
    if (sentAt === undefined) return;
    const timer = setTimeout(() => setTimedOut(true), Math.max(0, sentAt + PARSE_WAIT_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [sentAt]);

  const leaving = useRef(false);
  useEffect(() => {
    if (leaving.current) return;
    if (!entry) {
      // Discarded (from the Outbox, maybe in another tab): nothing is held any more.
      leaving.current = true;
      void navigate({ to: '/manage-task/add/drop-resume', search: { taskId }, replace: true });
    } else if (entry.state === 'needs-attention') {
      leaving.current = true;
      // The form shows the refusal beside the fields, with everything as it was typed.
      void navigate({ to: '/manage-task/add/drop-resume', search: { taskId, entry: entry.id }, replace: true });
    } else if (finished && talentId) {
      leaving.current = true;
      rememberDropNote(talentId, (entry.fields as { recruiterNote?: string }).recruiterNote);
      void markFlowDone(entry.id).finally(() =>
        navigate({ to: '/manage-task/add/profile-completion', search: { taskId, talentId }, replace: true }),
      );
    }
  }, [entry, finished, talentId, taskId, navigate]);

  if (!entry) return null;
  const sent = entry.state === 'sent';
  const percent = sent ? 100 : Math.round((sending ?? 0) * 100);
  // Not on its way: no network now (whoever holds the entry: a send begun here or by the service worker's
  // Background Sync cannot finish offline), or a try failed and the next one waits for its back-off.
  const parked =
    !sent &&
    entry.state !== 'needs-attention' &&
    (!online || (entry.state === 'waiting' && sending === null && entry.attempts > 0));
  const reading = parseStatus === 'PENDING' || parseStatus === 'PARSING';

  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4">
      <AddTalentSteps current={2} />
      <h1 className="text-2xl font-semibold">{m.title_processing()}</h1>
      <TaskHeading taskId={taskId} />
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4">
          <p className="font-medium break-all">{entry.file?.name}</p>
          <div className="flex flex-col gap-1">
            <div className="flex justify-between text-sm">
              <span data-testid="upload-state">
                {sent ? m.add_talent_uploaded() : parked ? m.outbox_state_waiting() : m.add_talent_uploading()}
              </span>
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
      {parked && (
        <div className="flex flex-col gap-3">
          <div role="status" className="alert alert-soft alert-info">
            <span>{m.add_talent_saved_offline()}</span>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Link to="/manage-task/add/drop-resume" search={{ taskId }} className="btn btn-primary btn-sm">
              {m.add_talent_add_another()}
            </Link>
            <button type="button" className="btn btn-sm" onClick={() => void retryNow()}>
              {m.add_talent_retry()}
            </button>
            <Link to="/outbox" className="link link-hover text-sm">
              {m.add_talent_open_outbox()}
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}
