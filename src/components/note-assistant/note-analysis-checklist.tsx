import { m } from '#src/paraglide/messages.js';
import type { NoteAnalysis } from '#src/shared/ai-note-schemas.ts';
import { NOTE_ASPECT_LABELS } from './aspect-labels';

/** The analysis of a note: its score, then each aspect covered (✓) or a gap with its suggestion. */
export function NoteAnalysisChecklist({ analysis }: { analysis: NoteAnalysis }) {
  return (
    <section className="space-y-2" aria-labelledby="note-ai-checklist-heading" data-testid="note-ai-analysis">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id="note-ai-checklist-heading" className="text-sm font-semibold">
          {m.note_ai_checklist()}
        </h4>
        <span className="badge badge-primary badge-soft" data-testid="note-ai-score">
          {m.note_ai_score({ score: analysis.score })}
        </span>
      </div>
      <progress className="progress progress-primary w-full" value={analysis.score} max={100} aria-hidden="true" />
      <ul className="space-y-1">
        {analysis.aspects.map((check) => (
          <li key={check.aspect} className="flex items-start gap-2 text-sm" data-aspect={check.aspect}>
            {check.covered ? (
              <span className="w-4 shrink-0 text-center text-success" aria-hidden="true">
                ✓
              </span>
            ) : (
              <span className="w-4 shrink-0 text-center text-warning" aria-hidden="true">
                !
              </span>
            )}
            <span className="min-w-0 flex-1">
              <span className="font-medium">{NOTE_ASPECT_LABELS[check.aspect]?.() ?? check.aspect}</span>
              <span className="sr-only">: {check.covered ? m.note_ai_covered() : m.note_ai_gap()}</span>
              {!check.covered && check.suggestion && (
                <span className="block text-base-content/70">{check.suggestion}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
      {analysis.engine === 'builtin' && <p className="text-xs text-base-content/60">{m.note_ai_builtin_analysis()}</p>}
    </section>
  );
}
