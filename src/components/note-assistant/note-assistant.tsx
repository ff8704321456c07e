import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { type AppError, errorMessage } from '#src/lib/app-error.ts';
import { improveNote, STREAM_ERROR_STATUS } from '#src/lib/improve-note-stream.ts';
import { languageName } from '#src/lib/intl-names.ts';
import { m } from '#src/paraglide/messages.js';
import { getLocale } from '#src/paraglide/runtime.js';
import type { AiEngineName, NoteAnalysis, NoteFacts } from '#src/shared/ai-note-schemas.ts';
import { STREAM_RECONNECT_DELAY_MS } from '#src/shared/constants.ts';
import { type AppLocale, LOCALES } from '#src/shared/enums.ts';
import { analyzeNote, setRemainingImprovements, useRemainingImprovements } from './note-ai-api';
import { NoteAnalysisChecklist } from './note-analysis-checklist';

// The AI note helper under a note field (issue 6): "Analyse" checks the note against the task's needs;
// "Improve" streams a rewritten note into a preview the recruiter accepts, edits or discards. Nothing
// reaches the note field without the recruiter's Accept.

type Improvement =
  | { phase: 'idle' }
  | { phase: 'streaming'; text: string }
  | { phase: 'done'; text: string; engine: AiEngineName; advice: string[] }
  | { phase: 'editing'; text: string; engine: AiEngineName; advice: string[] }
  | { phase: 'failed'; text: string; error: AppError }
  | { phase: 'waiting'; text: string };

const isLocale = (value: string): value is AppLocale => (LOCALES as readonly string[]).includes(value);

/** What to tell the recruiter: a broken stream reads as the generic error; a refusal as its own message. */
function improveErrorText(error: AppError): string {
  return error.status === STREAM_ERROR_STATUS ? m.error_generic() : errorMessage(error);
}

export function NoteAssistant({
  taskId,
  note,
  facts,
  onAccept,
  disabled = false,
}: {
  taskId: number | string;
  /** The note as the field holds it now. */
  note: string;
  /**
   * What the form around the note already says (expected salary, languages, …), sent with both calls so
   * the helper never calls it missing. Profile facts only, never contact details.
   */
  facts?: NoteFacts;
  /** The recruiter accepted the improved note: it replaces the field's text. */
  onAccept: (note: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const remaining = useRemainingImprovements();
  const [language, setLanguage] = useState<AppLocale>(() => {
    const locale = getLocale();
    return isLocale(locale) ? locale : 'en';
  });
  const [improvement, setImprovement] = useState<Improvement>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const analysis = useMutation({
    mutationFn: (): Promise<NoteAnalysis> => analyzeNote({ taskId: Number(taskId), note, language, facts }),
  });

  // Leaving the page stops a stream or a retry that is waiting.
  useEffect(
    () => () => {
      controller.current?.abort();
      if (retryTimer.current) clearTimeout(retryTimer.current);
    },
    [],
  );

  const empty = note.trim() === '';
  const atLimit = remaining === 0;
  const busy = improvement.phase === 'streaming' || improvement.phase === 'waiting';

  function start() {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setImprovement({ phase: 'streaming', text: '' });
    let text = '';
    void improveNote(
      { taskId: Number(taskId), note, language, facts },
      {
        signal: current.signal,
        onText: (chunk) => {
          text += chunk;
          setImprovement({ phase: 'streaming', text });
        },
        onDone: ({ remaining: left, engine, advice }) => {
          setRemainingImprovements(queryClient, left);
          setImprovement({ phase: 'done', text, engine, advice });
        },
        onRemaining: (left) => setRemainingImprovements(queryClient, left),
        onError: (error) => {
          if (error.code === 'USAGE_LIMIT_REACHED') setRemainingImprovements(queryClient, 0);
          setImprovement({ phase: 'failed', text, error });
        },
      },
    ).finally(() => {
      if (controller.current === current) controller.current = null;
    });
  }

  function cancel() {
    controller.current?.abort();
    controller.current = null;
    if (retryTimer.current) clearTimeout(retryTimer.current);
    retryTimer.current = null;
    setImprovement({ phase: 'idle' });
  }

  // "Try again" waits STREAM_RECONNECT_DELAY_MS (seed section 9) before sending again; cancellable.
  function retry(text: string) {
    setImprovement({ phase: 'waiting', text });
    retryTimer.current = setTimeout(() => {
      retryTimer.current = null;
      start();
    }, STREAM_RECONNECT_DELAY_MS);
  }

  function accept(text: string) {
    onAccept(text);
    analysis.reset();
    setImprovement({ phase: 'idle' });
  }

  return (
    <section
      className="space-y-3 rounded-box border border-base-300 bg-base-100 p-3"
      aria-labelledby={`${id}-heading`}
      data-testid="note-assistant"
    >
      <h3 id={`${id}-heading`} className="text-sm font-semibold">
        {m.note_ai_heading()}
      </h3>
      <div className="flex flex-wrap items-end gap-2">
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={disabled || empty || analysis.isPending}
          onClick={() => analysis.mutate()}
        >
          {analysis.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {analysis.isPending ? m.note_ai_analysing() : m.note_ai_analyse()}
        </button>
        <label className="flex flex-col gap-1 text-xs" htmlFor={`${id}-language`}>
          <span className="text-base-content/70">{m.note_ai_language()}</span>
          <select
            id={`${id}-language`}
            className="select select-sm w-auto"
            value={language}
            disabled={disabled || busy}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isLocale(value)) setLanguage(value);
            }}
          >
            {LOCALES.map((code) => (
              <option key={code} value={code}>
                {languageName(code)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={disabled || empty || atLimit || busy}
          onClick={start}
        >
          {m.note_ai_improve()}
        </button>
      </div>
      <p className="text-xs text-base-content/70" data-testid="note-ai-remaining">
        {atLimit
          ? m.error_usage_limit_reached()
          : remaining !== null
            ? m.note_ai_remaining({ count: remaining })
            : null}
      </p>
      {empty && <p className="text-xs text-base-content/60">{m.note_ai_empty()}</p>}

      {analysis.isError && (
        <div role="alert" className="alert alert-soft alert-error text-sm">
          <span>{errorMessage(analysis.error)}</span>
        </div>
      )}
      {analysis.data && <NoteAnalysisChecklist analysis={analysis.data} />}

      <ImprovementPanel
        id={id}
        improvement={improvement}
        onCancel={cancel}
        onAccept={accept}
        onEdit={(text, engine, advice) => setImprovement({ phase: 'editing', text, engine, advice })}
        onChange={(text) => setImprovement((current) => (current.phase === 'editing' ? { ...current, text } : current))}
        onDiscard={cancel}
        onRetry={retry}
      />
    </section>
  );
}

function ImprovementPanel({
  id,
  improvement,
  onCancel,
  onAccept,
  onEdit,
  onChange,
  onDiscard,
  onRetry,
}: {
  id: string;
  improvement: Improvement;
  onCancel: () => void;
  onAccept: (text: string) => void;
  onEdit: (text: string, engine: AiEngineName, advice: string[]) => void;
  onChange: (text: string) => void;
  onDiscard: () => void;
  onRetry: (text: string) => void;
}) {
  if (improvement.phase === 'idle') return null;
  const previewId = `${id}-preview`;
  const engine = improvement.phase === 'done' || improvement.phase === 'editing' ? improvement.engine : null;
  const failed = improvement.phase === 'failed' ? improvement.error : null;

  return (
    <section className="space-y-2" aria-labelledby={`${previewId}-heading`}>
      <h4 id={`${previewId}-heading`} className="text-sm font-semibold">
        {m.note_ai_preview()}
      </h4>

      {improvement.phase === 'editing' ? (
        <textarea
          id={previewId}
          aria-labelledby={`${previewId}-heading`}
          className="textarea w-full"
          rows={8}
          value={improvement.text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      ) : (
        <div
          id={previewId}
          aria-live="polite"
          data-testid="note-ai-preview"
          className={`min-h-16 whitespace-pre-line rounded-box p-2 text-sm ${
            failed || improvement.phase === 'waiting'
              ? 'border border-dashed border-warning bg-base-200/40 text-base-content/70'
              : 'bg-base-200/60'
          }`}
        >
          {improvement.text}
          {improvement.phase === 'streaming' && (
            <span className="ml-1 inline-flex items-center gap-1 text-xs text-base-content/60" role="status">
              <span className="loading loading-dots loading-xs" aria-hidden="true" />
              {m.note_ai_improving()}
            </span>
          )}
        </div>
      )}

      {(failed || improvement.phase === 'waiting') && improvement.text && (
        <p className="text-xs text-warning" data-testid="note-ai-incomplete">
          {m.note_ai_incomplete()}
        </p>
      )}
      {failed && (
        <div role="alert" className="alert alert-soft alert-error text-sm">
          <span>{improveErrorText(failed)}</span>
        </div>
      )}
      {engine === 'builtin' && <p className="text-xs text-base-content/60">{m.note_ai_builtin_written()}</p>}
      {(improvement.phase === 'done' || improvement.phase === 'editing') && improvement.advice.length > 0 && (
        <NoteAdvice id={`${previewId}-advice`} advice={improvement.advice} />
      )}

      <div className="flex flex-wrap gap-2">
        {improvement.phase === 'streaming' && (
          <button type="button" className="btn btn-sm" onClick={onCancel}>
            {m.note_ai_cancel()}
          </button>
        )}
        {improvement.phase === 'waiting' && (
          <>
            <span role="status" className="flex items-center gap-1 text-sm">
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              {m.note_ai_waiting_retry()}
            </span>
            <button type="button" className="btn btn-sm" onClick={onCancel}>
              {m.note_ai_cancel()}
            </button>
          </>
        )}
        {(improvement.phase === 'done' || improvement.phase === 'editing') && (
          <>
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={improvement.text.trim() === ''}
              onClick={() => onAccept(improvement.text)}
            >
              {m.note_ai_accept()}
            </button>
            {improvement.phase === 'done' && (
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => onEdit(improvement.text, improvement.engine, improvement.advice)}
              >
                {m.note_ai_edit()}
              </button>
            )}
            <button type="button" className="btn btn-sm btn-ghost" onClick={onDiscard}>
              {m.note_ai_discard()}
            </button>
          </>
        )}
        {failed && (
          <>
            {failed.code !== 'USAGE_LIMIT_REACHED' && (
              <button type="button" className="btn btn-sm" onClick={() => onRetry(improvement.text)}>
                {m.note_ai_try_again()}
              </button>
            )}
            <button type="button" className="btn btn-sm btn-ghost" onClick={onDiscard}>
              {m.note_ai_discard()}
            </button>
          </>
        )}
      </div>
    </section>
  );
}

// What is still to confirm with the talent: advice for the recruiter, set apart from the note above and
// never added to it (Accept takes the note's text only).
function NoteAdvice({ id, advice }: { id: string; advice: string[] }) {
  return (
    <section
      className="space-y-1 rounded-box border border-info/40 bg-info/10 p-2 text-sm"
      aria-labelledby={`${id}-heading`}
      data-testid="note-ai-advice"
    >
      <h5 id={`${id}-heading`} className="font-semibold">
        {m.note_ai_advice_heading()}
      </h5>
      <p className="text-xs text-base-content/70">{m.note_ai_advice_hint()}</p>
      <ul className="list-disc space-y-1 ps-5">
        {advice.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
