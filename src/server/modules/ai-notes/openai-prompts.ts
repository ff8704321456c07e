import type { AppLocale } from '#src/shared/enums.ts';
import type { NoteRequest, NoteTask } from './ai-engine';

// The prompts of the OpenAI-compatible engine. Both carry the facts-only rule: the model keeps every fact
// of the recruiter's note, invents none, and writes in the recruiter's language.

type ChatMessage = { role: 'system' | 'user'; content: string };

const LANGUAGE_NAMES: Record<AppLocale, string> = {
  en: 'English',
  ms: 'Malay (Bahasa Melayu)',
  zh: 'Simplified Chinese (简体中文)',
};

const JOB_TYPE_NAMES: Record<NoteTask['jobType'], string> = { ft: 'full-time', pt: 'part-time', intern: 'internship' };

const money = (minor: number) => (minor / 100).toFixed(2);

function taskFacts(task: NoteTask): string {
  const salary =
    task.salaryMin !== null || task.salaryMax !== null
      ? `${task.salaryMin !== null ? money(task.salaryMin) : '?'} to ${task.salaryMax !== null ? money(task.salaryMax) : '?'} ${task.salaryCurrency} per month`
      : 'not stated';
  return [
    `Title: ${task.title}`,
    `Company: ${task.company}`,
    `Job type: ${JOB_TYPE_NAMES[task.jobType]}`,
    `Location: ${task.location}, ${task.country}`,
    `Salary range: ${salary}`,
    `Required skills: ${task.requiredSkills.join(', ') || 'none listed'}`,
    `Required languages (ISO codes): ${task.requiredLanguages.join(', ') || 'none listed'}`,
    `Description: ${task.description}`,
  ].join('\n');
}

// What the talent's form already says: known facts, so the model neither calls them missing nor needs
// them repeated. Profile facts only (the request schema lets no contact detail through).
function formFacts(request: NoteRequest): string {
  const facts = request.facts ?? {};
  const lines: string[] = [];
  if (typeof facts.expectedSalary === 'number') {
    lines.push(`Expected salary: ${facts.expectedSalary} ${facts.expectedSalaryCurrency ?? ''} per month`.trim());
  }
  if (facts.languages?.length) lines.push(`Languages spoken (ISO codes): ${facts.languages.join(', ')}`);
  if (facts.educationLevel) lines.push(`Education: ${facts.educationLevel}`);
  if (facts.location) lines.push(`Lives in: ${[facts.location, facts.country].filter(Boolean).join(', ')}`);
  if (typeof facts.yearsOfExperience === 'number') lines.push(`Years of experience: ${facts.yearsOfExperience}`);
  if (facts.currentPosition) lines.push(`Current position: ${facts.currentPosition}`);
  if (facts.skills?.length) lines.push(`Skills: ${facts.skills.join(', ')}`);
  return lines.length > 0 ? lines.join('\n') : 'nothing filled in yet';
}

export const FACTS_ONLY_RULE =
  'Keep every fact of the original note (every number, name, date, amount and statement) and invent none: ' +
  'never add a fact that is not in the note.';

// Contact details are replaced before the note is sent (redact-contacts.ts); the model must pass the
// placeholders through untouched so they can be turned back.
export const PLACEHOLDER_RULE =
  'Placeholders such as [email 1] or [phone 1] stand for contact details withheld for privacy: ' +
  'copy them exactly as written, never guess or invent what they stand for.';

export function improvePrompt(request: NoteRequest): ChatMessage[] {
  const language = LANGUAGE_NAMES[request.language];
  const system = [
    'You rewrite a recruiter’s note about a job candidate for the hiring team of the task below.',
    `Rules: ${FACTS_ONLY_RULE} Do not guess what is missing, and do not list it: the app shows what is left to confirm beside the note, so the note holds no checklist, no "gaps" and no questions.`,
    `Write in ${language}; keep names, numbers and dates exactly as written.`,
    PLACEHOLDER_RULE,
    'Structure the note with these three short sections, in this order: summary; fit to the task (experience, languages, location, communication); salary and availability. Put each statement of the note under the section it is about.',
    'Answer with the note only: plain text, no preamble, no closing remarks.',
    '',
    'The task:',
    taskFacts(request.task),
    '',
    'What the talent’s profile form already says (known facts; never call them missing):',
    formFacts(request),
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: request.note },
  ];
}

const ASPECT_MEANINGS = [
  'salary: current and expected salary',
  'availability: notice period or start date',
  'reason: reason for moving',
  'experience: relevant experience against the required skills',
  'languages: the required languages',
  'location: work location fit',
  'communication: how the candidate communicates',
];

export function analyzePrompt(request: NoteRequest): ChatMessage[] {
  const language = LANGUAGE_NAMES[request.language];
  const system = [
    'You check a recruiter’s note about a job candidate against what the hiring team of the task below needs.',
    `Rules: judge what the note says together with the profile form's facts below (an aspect the form answers is covered). ${FACTS_ONLY_RULE}`,
    'Answer with one JSON object and nothing else, of this shape:',
    '{"score": <integer 0-100, the share of the aspects the note covers>, "aspects": [{"aspect": "<name>", "covered": <true|false>, "suggestion": <null when covered, else one line on what to ask or add>}]}',
    `One entry for each aspect: ${ASPECT_MEANINGS.join('; ')}.`,
    `Write the suggestions in ${language}.`,
    PLACEHOLDER_RULE,
    '',
    'The task:',
    taskFacts(request.task),
    '',
    'What the talent’s profile form already says:',
    formFacts(request),
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: request.note },
  ];
}
