import { m } from '#src/paraglide/messages.js';
import type { NoteAspect } from '#src/shared/ai-note-schemas.ts';

/** The checklist's label of each thing hiring teams need to read in a note. */
export const NOTE_ASPECT_LABELS: Record<NoteAspect, () => string> = {
  salary: m.note_ai_aspect_salary,
  availability: m.note_ai_aspect_availability,
  reason: m.note_ai_aspect_reason,
  experience: m.note_ai_aspect_experience,
  languages: m.note_ai_aspect_languages,
  location: m.note_ai_aspect_location,
  communication: m.note_ai_aspect_communication,
};
