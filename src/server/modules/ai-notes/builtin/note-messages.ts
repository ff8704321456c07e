import { m } from '#src/paraglide/messages.js';
import type { NoteTask } from '#src/server/modules/ai-notes/ai-engine.ts';
import type { NoteAspect } from '#src/shared/ai-note-schemas.ts';
import type { AppLocale } from '#src/shared/enums.ts';
import { INTL_LOCALES } from '#src/shared/intl-locales.ts';
import type { NoteFindings } from './note-findings';

// The engine's own words, all from messages (keys ai_note_*), in the language asked for.

/** "React, Docker and SQL" / "React, Docker dan SQL" / "React、Docker和SQL". */
export function listText(items: readonly string[], locale: AppLocale): string {
  return new Intl.ListFormat(INTL_LOCALES[locale], { type: 'conjunction', style: 'long' }).format(items);
}

export function languageLabel(code: string, locale: AppLocale): string {
  try {
    return new Intl.DisplayNames([INTL_LOCALES[locale]], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function placeText(task: NoteTask): string {
  const parts = [task.location.trim(), task.country.trim()].filter((part) => part !== '');
  return [...new Set(parts)].join(', ');
}

export function aspectLabel(aspect: NoteAspect, locale: AppLocale): string {
  const o = { locale };
  const labels: Record<NoteAspect, () => string> = {
    salary: () => m.ai_note_aspect_salary({}, o),
    availability: () => m.ai_note_aspect_availability({}, o),
    reason: () => m.ai_note_aspect_reason({}, o),
    experience: () => m.ai_note_aspect_experience({}, o),
    languages: () => m.ai_note_aspect_languages({}, o),
    location: () => m.ai_note_aspect_location({}, o),
    communication: () => m.ai_note_aspect_communication({}, o),
  };
  return labels[aspect]();
}

/** The analysis' one-line suggestion for an uncovered aspect. */
export function suggestionText(aspect: NoteAspect, f: NoteFindings, task: NoteTask, locale: AppLocale): string {
  const o = { locale };
  switch (aspect) {
    case 'salary':
      if (f.salary.current) return m.ai_note_suggest_salary_expected({}, o);
      if (f.salary.expected) return m.ai_note_suggest_salary_current({}, o);
      return m.ai_note_suggest_salary_both({}, o);
    case 'availability':
      return m.ai_note_suggest_availability({}, o);
    case 'reason':
      return m.ai_note_suggest_reason({}, o);
    case 'experience':
      return f.experience.skillsMissing.length > 0
        ? m.ai_note_suggest_experience_skills({ skills: listText(f.experience.skillsMissing, locale) }, o)
        : m.ai_note_suggest_experience_years({}, o);
    case 'languages':
      return m.ai_note_suggest_languages({ languages: languageList(f.languages.missing, locale) }, o);
    case 'location': {
      const place = placeText(task);
      return place ? m.ai_note_suggest_location({ place }, o) : m.ai_note_suggest_location_any({}, o);
    }
    case 'communication':
      return m.ai_note_suggest_communication({}, o);
  }
}

/** The line of advice ("still to confirm", shown beside the note) for an uncovered aspect: something to ask, never a fact. */
export function gapText(aspect: NoteAspect, f: NoteFindings, task: NoteTask, locale: AppLocale): string {
  const o = { locale };
  switch (aspect) {
    case 'salary':
      if (f.salary.current) return m.ai_note_gap_salary_expected({}, o);
      if (f.salary.expected) return m.ai_note_gap_salary_current({}, o);
      return m.ai_note_gap_salary_both({}, o);
    case 'availability':
      return m.ai_note_gap_availability({}, o);
    case 'reason':
      return m.ai_note_gap_reason({}, o);
    case 'experience':
      return f.experience.skillsMissing.length > 0
        ? m.ai_note_gap_experience_skills({ skills: listText(f.experience.skillsMissing, locale) }, o)
        : m.ai_note_gap_experience_years({}, o);
    case 'languages':
      return m.ai_note_gap_languages({ languages: languageList(f.languages.missing, locale) }, o);
    case 'location': {
      const place = placeText(task);
      return place ? m.ai_note_gap_location({ place }, o) : m.ai_note_gap_location_any({}, o);
    }
    case 'communication':
      return m.ai_note_gap_communication({}, o);
  }
}

function languageList(codes: readonly string[], locale: AppLocale): string {
  return listText(
    codes.map((code) => languageLabel(code, locale)),
    locale,
  );
}
