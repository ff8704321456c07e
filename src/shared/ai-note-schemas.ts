import * as v from 'valibot';
import { CANDIDATE_LANGUAGES, CURRENCIES, EDUCATION_LEVELS, LOCALES } from './enums';
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

const factText = (max: number) =>
  v.optional(v.pipe(v.string('field_invalid'), v.trim(), v.maxLength(max, 'field_too_long')));

/**
 * What the talent's form already says (issue 21): the helper counts these as known instead of calling
 * them missing. Only profile facts: an object schema drops any other key, so a name, e-mail or phone
 * sent by mistake never reaches an engine.
 */
export const noteFactsSchema = v.object({
  /** Major units, as typed in the form. */
  expectedSalary: v.optional(v.nullable(v.pipe(v.number('field_invalid'), v.minValue(0), v.maxValue(1e12)))),
  expectedSalaryCurrency: v.optional(v.picklist(CURRENCIES, 'field_invalid')),
  languages: v.optional(v.pipe(v.array(v.picklist(CANDIDATE_LANGUAGES, 'field_invalid')), v.maxLength(20))),
  educationLevel: v.optional(v.picklist(EDUCATION_LEVELS, 'field_invalid')),
  location: factText(120),
  country: factText(60),
  yearsOfExperience: v.optional(v.nullable(v.pipe(v.number('field_invalid'), v.minValue(0), v.maxValue(80)))),
  currentPosition: factText(120),
  skills: v.optional(v.pipe(v.array(v.pipe(v.string(), v.trim(), v.maxLength(60))), v.maxLength(50))),
});
export type NoteFacts = v.InferOutput<typeof noteFactsSchema>;

export const aiNoteRequestSchema = v.object({
  taskId: idField(),
  note: requiredText(RECRUITER_NOTE_MAX),
  language: v.optional(v.picklist(LOCALES, 'locale_invalid')),
  facts: v.optional(noteFactsSchema),
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
  | {
      done: true;
      remaining: number;
      engine: AiEngineName;
      /** What is still to confirm with the talent: advice shown beside the note, never part of it. */
      advice?: string[];
    }
  | { done: true; error: { code: string; message: string }; remaining: number };

/** `PUT /api/recruiter/talent-task/{id}/note`: the recruiter saves a referral's note (ours). */
export const referralNoteSchema = v.object({
  note: v.pipe(v.string('field_required'), v.trim(), v.maxLength(RECRUITER_NOTE_MAX, 'field_too_long')),
});
export type ReferralNoteInput = v.InferInput<typeof referralNoteSchema>;
