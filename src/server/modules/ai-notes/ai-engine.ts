import type { AiEngineName, NoteAnalysis, NoteFacts } from '#src/shared/ai-note-schemas.ts';
import type { AppLocale } from '#src/shared/enums.ts';

// What every note engine (the built-in one and the OpenAI-compatible adapter) is given and answers.

/** The task a note is written for: what the analysis measures the note against. */
export interface NoteTask {
  title: string;
  company: string;
  description: string;
  jobType: 'ft' | 'pt' | 'intern';
  location: string;
  country: string;
  requiredSkills: string[];
  requiredLanguages: string[]; // candidate language codes (en, ms, zh, ta, ko, id, th, ja)
  salaryMin: number | null; // minor units
  salaryMax: number | null;
  salaryCurrency: string;
}

export interface NoteRequest {
  note: string;
  task: NoteTask;
  /** The language the analysis' suggestions and the improved note's own words are written in. */
  language: AppLocale;
  /** What the talent's form already says (salary expected, languages, …): known, so never "missing". */
  facts?: NoteFacts;
}

export interface AiEngine {
  readonly name: AiEngineName;
  analyze(request: NoteRequest, signal: AbortSignal): Promise<Omit<NoteAnalysis, 'engine'>>;
  /**
   * The improved note as text chunks, in order. Throws (or the iterator rejects) on a failure; the caller
   * turns that into an error event. Must stop promptly when `signal` aborts.
   */
  improve(request: NoteRequest, signal: AbortSignal): AsyncIterable<string>;
}
