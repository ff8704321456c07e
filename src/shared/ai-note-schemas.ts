import * as v from 'valibot';
import { LOCALES } from './enums';
import { idField, requiredText } from './form-fields';
import { RECRUITER_NOTE_MAX } from './talent-schemas';

// The AI note helper (issue 6, seed section 7): analyse a recruiter's note against a task, and stream an
// improved note. Both calls take the same body; `language` is ours (the seed sends taskId and note only)
// and defaults to the recruiter's preferred locale.

/** What hiring teams need to read in a note about a talent, in the order the checklist shows them. */
export const NOTE_ASPECTS = [
  'salary', // current and expected salary
  'availability', // notice period or start date
  'reason', // reason for moving
  'experience', // relevant experience against the task's required skills
  'languages', // the task's required languages
  'location', // work location fit
  'communication', // how the talent communicates (from the call)
] as const;
export type NoteAspect = (typeof NOTE_ASPECTS)[number];

export const AI_ENGINES = ['builtin', 'openai'] as const;
export type AiEngineName = (typeof AI_ENGINES)[number];

export const aiNoteRequestSchema = v.object({
  taskId: idField(),
  note: requiredText(RECRUITER_NOTE_MAX),
  language: v.optional(v.picklist(LOCALES, 'locale_invalid')),
});
export type AiNoteRequest = v.InferInput<typeof aiNoteRequestSchema>;

export interface NoteAspectCheck {
  aspect: NoteAspect;
  covered: boolean;
  /** One line in the requested language on how to close the gap; null when covered. */
  suggestion: string | null;
}

/** `POST /api/recruiter/ai/recruiter-notes/analyze` → `{ success, data: NoteAnalysis }`. Free of charge. */
export interface NoteAnalysis {
  engine: AiEngineName;
  /** 0–100: the share of aspects covered, weighted (see the engine). */
  score: number;
  aspects: NoteAspectCheck[];
}

/**
 * `POST /api/recruiter/ai/recruiter-notes/improve` answers `text/event-stream`; each message is one
 * `data: <json>` line followed by a blank line, the JSON being one of these. The stream ends after a
 * message with `done: true`. Errors found before streaming (validation, the usage limit, an unknown
 * task) are ordinary JSON error answers (4xx) instead.
 */
export type ImproveEvent =
  | { text: string; done?: false }
  | { done: true; remaining: number; engine: AiEngineName }
  | { done: true; error: { code: string; message: string }; remaining: number };

/** `PUT /api/recruiter/talent-task/{id}/note`: the recruiter saves a referral's note (ours). */
export const referralNoteSchema = v.object({
  note: v.pipe(v.string('field_required'), v.trim(), v.maxLength(RECRUITER_NOTE_MAX, 'field_too_long')),
});
export type ReferralNoteInput = v.InferInput<typeof referralNoteSchema>;
