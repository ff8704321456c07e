import { m } from '#src/paraglide/messages.js';
import type { NoteRequest, NoteTask } from '#src/server/modules/ai-notes/ai-engine.ts';
import type { NoteAspect } from '#src/shared/ai-note-schemas.ts';
import {
  languagesMentioned,
  mentionsAnyLanguage,
  mentionsAvailability,
  mentionsCommunication,
  mentionsExperience,
  mentionsLocation,
  mentionsReason,
  salaryFacts,
} from './aspect-detectors';
import { reviewNote } from './note-analysis';
import { aspectLabel } from './note-messages';
import { splitSentences } from './note-sentences';
import { normalise } from './text-match';

// The improved note: the original's sentences, each verbatim and exactly once, sorted into four headed
// sections; the engine's own words are only headings and labels (all from messages), plus the task's
// title. Nothing else is added, so no number, name or date can be invented.

/** When a sentence touches several aspects it goes with the first of these it mentions. */
const PRIORITY: readonly NoteAspect[] = [
  'salary',
  'availability',
  'experience',
  'languages',
  'location',
  'communication',
  'reason',
];

const mentions: Record<NoteAspect, (sentence: string, task: NoteTask) => boolean> = {
  salary: (sentence) => salaryFacts(sentence).mentioned,
  availability: (sentence) => mentionsAvailability(normalise(sentence)),
  experience: mentionsExperience,
  languages: (sentence, task) =>
    mentionsAnyLanguage(sentence) || languagesMentioned(sentence, task.requiredLanguages).length > 0,
  location: mentionsLocation,
  communication: (sentence) => mentionsCommunication(normalise(sentence)),
  reason: (sentence) => mentionsReason(normalise(sentence)),
};

/** The aspect a sentence is mostly about, or null (it then goes to the summary as it is). */
export function sentenceAspect(sentence: string, task: NoteTask): NoteAspect | null {
  return PRIORITY.find((aspect) => mentions[aspect](sentence, task)) ?? null;
}

const FIT: readonly NoteAspect[] = ['experience', 'languages', 'location', 'communication'];
const PAY: readonly NoteAspect[] = ['salary', 'availability'];

export function composeImprovedNote(request: NoteRequest): string {
  const { task, language } = request;
  const o = { locale: language };
  const groups = new Map<NoteAspect | null, string[]>();
  for (const sentence of splitSentences(request.note)) {
    const aspect = sentenceAspect(sentence, task);
    groups.set(aspect, [...(groups.get(aspect) ?? []), sentence]);
  }
  const bullet = (text: string) => `- ${text}`;
  const grouped = (aspects: readonly NoteAspect[]) =>
    aspects.flatMap((aspect) => {
      const sentences = groups.get(aspect) ?? [];
      if (sentences.length === 0) return [];
      return [m.ai_note_label_group({ label: aspectLabel(aspect, language) }, o), ...sentences.map(bullet)];
    });
  const orEmpty = (lines: string[]) => (lines.length > 0 ? lines : [bullet(m.ai_note_section_empty({}, o))]);

  const summary = [
    ...(task.title.trim() ? [m.ai_note_label_task({ title: task.title.trim() }, o)] : []),
    ...(groups.get(null) ?? []).map(bullet),
    ...grouped(['reason']),
  ];
  // What is still to confirm is advice for the recruiter (the assistant panel shows it beside the note,
  // see noteAdvice): it never becomes part of the note the admin reads.
  const sections: [string, string[]][] = [
    [m.ai_note_heading_summary({}, o), orEmpty(summary)],
    [m.ai_note_heading_fit({}, o), orEmpty(grouped(FIT))],
    [m.ai_note_heading_pay({}, o), orEmpty(grouped(PAY))],
  ];
  return sections.map(([heading, lines]) => [heading, ...lines].join('\n')).join('\n\n');
}

/** The lines still to confirm with the talent, in the request's language: advice beside the note. */
export function noteAdvice(request: NoteRequest): string[] {
  return reviewNote(request).gaps;
}

const CJK_CHAR = '\\u3000-\\u303f\\u3040-\\u30ff\\u3400-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef';
const TOKEN = new RegExp(`[${CJK_CHAR}]\\s*|[^\\s${CJK_CHAR}]+\\s*|\\s+`, 'gu');
const CJK_TOKEN = new RegExp(`^[${CJK_CHAR}]`, 'u');

/**
 * The text in small pieces for streaming: a few words (at most 3 latin words or 6 Chinese characters),
 * never across a line break. Joined together they give the text back exactly.
 */
export function chunkText(text: string): string[] {
  const chunks: string[] = [];
  let current = '';
  let weight = 0;
  for (const token of text.match(TOKEN) ?? []) {
    current += token;
    weight += CJK_TOKEN.test(token) ? 1 : 2;
    if (weight >= 6 || token.includes('\n')) {
      chunks.push(current);
      current = '';
      weight = 0;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}
