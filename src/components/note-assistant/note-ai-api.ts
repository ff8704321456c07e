import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { apiFetch } from '#src/lib/api-client.ts';
import { asAppError, toAppError } from '#src/lib/app-error.ts';
import '#src/lib/write-error-messages.ts';
import type { AiNoteRequest, NoteAnalysis } from '#src/shared/ai-note-schemas.ts';

// The analyse call and the recruiter's improvement count, for the note assistant (issue 6).

export const ANALYZE_NOTE_PATH = '/api/recruiter/ai/recruiter-notes/analyze';

/** `POST /api/recruiter/ai/recruiter-notes/analyze` → the checklist; a refusal throws its AppError. */
export async function analyzeNote(body: AiNoteRequest, signal?: AbortSignal): Promise<NoteAnalysis> {
  let response: Response;
  try {
    response = await apiFetch(ANALYZE_NOTE_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    throw asAppError(error);
  }
  if (!response.ok) throw await toAppError(response);
  const answer = (await response.json()) as { data?: NoteAnalysis } & Partial<NoteAnalysis>;
  return (answer.data ?? answer) as NoteAnalysis;
}

// The signed-in user (features/auth, query key ['me']) and my account (features/account, ['account'])
// both carry `remainingAiNoteImprovement`. The keys are named, not imported: shared UI does not import
// features. The assistant reads the cached user and writes back the count each improvement reports.
const ME_KEY = ['me'] as const;
const ACCOUNT_KEY = ['account'] as const;
type WithRemaining = { remainingAiNoteImprovement: number };

function cachedRemaining(queryClient: QueryClient): number | null {
  const user = queryClient.getQueryData<WithRemaining | null>(ME_KEY);
  return typeof user?.remainingAiNoteImprovement === 'number' ? user.remainingAiNoteImprovement : null;
}

/** The improvements I have left, as the cached user says (null while unknown). */
export function useRemainingImprovements(): number | null {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => cachedRemaining(queryClient),
    () => cachedRemaining(queryClient),
  );
}

/** Writes the count the server reported into the cached user and account. */
export function setRemainingImprovements(queryClient: QueryClient, remaining: number): void {
  for (const key of [ME_KEY, ACCOUNT_KEY]) {
    queryClient.setQueryData<WithRemaining | null>(key, (current) =>
      current && typeof current === 'object' ? { ...current, remainingAiNoteImprovement: remaining } : current,
    );
  }
}
