import type { AppLocale } from '../../../shared/enums';
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

export const FACTS_ONLY_RULE =
  'Keep every fact of the original note (every number, name, date, amount and statement) and invent none: ' +
  'never add a fact that is not in the note.';

export function improvePrompt(request: NoteRequest): ChatMessage[] {
  const language = LANGUAGE_NAMES[request.language];
  const system = [
    'You rewrite a recruiter’s note about a job candidate for the hiring team of the task below.',
    `Rules: ${FACTS_ONLY_RULE} Where something the hiring team needs is missing, list it under "Gaps to confirm" instead of guessing.`,
    `Write in ${language}; keep names, numbers and dates exactly as written.`,
    'Structure the note with these four short sections, in this order: summary; fit to the task; salary and availability; gaps to confirm.',
    'Answer with the note only: plain text, no preamble, no closing remarks.',
    '',
    'The task:',
    taskFacts(request.task),
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
    `Rules: judge only what the note says. ${FACTS_ONLY_RULE}`,
    'Answer with one JSON object and nothing else, of this shape:',
    '{"score": <integer 0-100, the share of the aspects the note covers>, "aspects": [{"aspect": "<name>", "covered": <true|false>, "suggestion": <null when covered, else one line on what to ask or add>}]}',
    `One entry for each aspect: ${ASPECT_MEANINGS.join('; ')}.`,
    `Write the suggestions in ${language}.`,
    '',
    'The task:',
    taskFacts(request.task),
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: request.note },
  ];
}
