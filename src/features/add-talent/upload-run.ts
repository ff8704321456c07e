import { useEffect, useSyncExternalStore } from 'react';
import { type AppError, asAppError } from '../../lib/app-error';
import type { DropResumeAnswer } from '../../shared/recruiter-types';
import { sendHeldResume } from './api';
import { type HeldResume, putHeldResume } from './held-resume';

// One send of a held resume drop, kept outside React: a remount (StrictMode, a quick back-and-forth)
// follows the same send instead of starting another, and the progress bar survives it.

export type UploadState =
  | { phase: 'uploading'; fraction: number }
  | { phase: 'sent'; answer: DropResumeAnswer; sentAt: number }
  /** The server refused the payload; it is held again with the error, for the form to show. */
  | { phase: 'refused'; error: AppError }
  /** Offline, timed out, or the server is down: the payload is unchanged and can be sent again. */
  | { phase: 'failed'; error: AppError };

type Run = { state: UploadState; started: boolean; listeners: Set<() => void> };

const runs = new Map<string, Run>();

function update(run: Run, state: UploadState) {
  run.state = state;
  for (const listener of run.listeners) listener();
}

// A 4xx is an answer about this payload (fields, duplicate, file); 408 and 429 only say "not now".
const isRefusal = (error: AppError) => error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);

function runOf(held: HeldResume): Run {
  let run = runs.get(held.clientId);
  if (!run) {
    run = { state: { phase: 'uploading', fraction: 0 }, started: false, listeners: new Set() };
    runs.set(held.clientId, run);
  }
  return run;
}

/** Sends `held` unless a send of it is under way or done; after a failure, sends it again (same clientId). */
export function startUpload(held: HeldResume): void {
  const run = runOf(held);
  if (run.started && run.state.phase !== 'failed') return;
  run.started = true;
  update(run, { phase: 'uploading', fraction: 0 });
  sendHeldResume(held, (fraction) => update(run, { phase: 'uploading', fraction })).then(
    (answer) => update(run, { phase: 'sent', answer, sentAt: Date.now() }),
    async (thrown) => {
      const error = asAppError(thrown);
      if (!isRefusal(error)) return update(run, { phase: 'failed', error });
      await putHeldResume({
        ...held,
        error: { code: error.code, status: error.status, message: error.message, fields: error.fields },
      });
      update(run, { phase: 'refused', error });
    },
  );
}

/** Once the flow has moved on, the send is forgotten. */
export function forgetUpload(clientId: string): void {
  runs.delete(clientId);
}

/** The state of the send of `held`; it starts once the page is mounted. */
export function useUpload(held: HeldResume): UploadState {
  const run = runOf(held);
  useEffect(() => startUpload(held), [held]);
  return useSyncExternalStore(
    (listener) => {
      run.listeners.add(listener);
      return () => run.listeners.delete(listener);
    },
    () => run.state,
  );
}
