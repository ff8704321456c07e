import type { NoteRequest, NoteTask } from '#src/server/modules/ai-notes/ai-engine.ts';
import { NOTE_ASPECTS, type NoteAspect, type NoteAspectCheck, type NoteFacts } from '#src/shared/ai-note-schemas.ts';
import {
  languagesMentioned,
  mentionsAvailability,
  mentionsCommunication,
  mentionsLocation,
  mentionsReason,
  mentionsYears,
  salaryFacts,
  skillsMentioned,
} from './aspect-detectors';
import type { NoteFindings } from './note-findings';
import { gapText, suggestionText } from './note-messages';
import { splitSentences } from './note-sentences';
import { normalise } from './text-match';

/**
 * How much each aspect counts in the score (they add up to 100): what hiring teams ask about first weighs
 * most. Experience against the task's skills 25, salary (current AND expected) 20, availability 15, and
 * reason for moving, languages, location and communication 10 each. The score is the sum of the weights
 * of the covered aspects: all covered = 100, none = 0. A half-covered aspect (only the expected salary,
 * some of the languages) counts nothing.
 */
export const ASPECT_WEIGHTS: Record<NoteAspect, number> = {
  salary: 20,
  availability: 15,
  reason: 10,
  experience: 25,
  languages: 10,
  location: 10,
  communication: 10,
};

export function findFacts(note: string, task: NoteTask, facts: NoteFacts = {}): NoteFindings {
  const sentences = splitSentences(note);
  const any = (test: (sentence: string) => boolean) => sentences.some(test);
  const salary = { current: false, expected: false };
  for (const sentence of sentences) {
    const facts = salaryFacts(sentence);
    salary.current ||= facts.current;
    salary.expected ||= facts.expected;
  }
  // What the talent's form says counts as known (issue 21): the expected salary, the languages, the
  // location, the skills and years. The note need not repeat it, and the helper must not call it missing.
  if (typeof facts.expectedSalary === 'number') salary.expected = true;
  const formSkills = (facts.skills ?? []).join('\n');
  const skillsFound = skillsMentioned(`${note}\n${formSkills}`, task.requiredSkills);
  const spoken = new Set([...languagesMentioned(note, task.requiredLanguages), ...(facts.languages ?? [])]);
  const knownLocation = Boolean(facts.location?.trim());
  const knownYears = typeof facts.yearsOfExperience === 'number';
  return {
    salary,
    availability: any((sentence) => mentionsAvailability(normalise(sentence))),
    reason: any((sentence) => mentionsReason(normalise(sentence))),
    experience: {
      skillsFound,
      skillsMissing: task.requiredSkills.filter((skill) => !skillsFound.includes(skill)),
      years: knownYears || any(mentionsYears),
    },
    languages: { missing: task.requiredLanguages.filter((code) => !spoken.has(code)) },
    location: knownLocation || any((sentence) => mentionsLocation(sentence, task)),
    communication: any((sentence) => mentionsCommunication(normalise(sentence))),
  };
}

export function isCovered(aspect: NoteAspect, findings: NoteFindings, task: NoteTask): boolean {
  switch (aspect) {
    case 'salary':
      return findings.salary.current && findings.salary.expected;
    case 'availability':
      return findings.availability;
    case 'reason':
      return findings.reason;
    case 'experience': {
      const skills = task.requiredSkills.length;
      if (skills === 0) return findings.experience.years;
      return findings.experience.skillsFound.length >= Math.max(1, Math.ceil(skills / 2));
    }
    case 'languages':
      return findings.languages.missing.length === 0;
    case 'location':
      return findings.location;
    case 'communication':
      return findings.communication;
  }
}

export interface NoteReview {
  score: number;
  aspects: NoteAspectCheck[];
  findings: NoteFindings;
  /** One line per uncovered aspect, in NOTE_ASPECTS order: advice shown beside the note, not in it. */
  gaps: string[];
}

export function reviewNote(request: NoteRequest): NoteReview {
  const { task, language } = request;
  const findings = findFacts(request.note, task, request.facts);
  const aspects: NoteAspectCheck[] = [];
  const gaps: string[] = [];
  let score = 0;
  for (const aspect of NOTE_ASPECTS) {
    const covered = isCovered(aspect, findings, task);
    if (covered) score += ASPECT_WEIGHTS[aspect];
    else gaps.push(gapText(aspect, findings, task, language));
    aspects.push({ aspect, covered, suggestion: covered ? null : suggestionText(aspect, findings, task, language) });
  }
  return { score, aspects, findings, gaps };
}
