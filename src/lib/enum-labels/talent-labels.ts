import { m } from '#src/paraglide/messages.js';
import { EDUCATION_MESSAGES } from '#src/shared/education-messages.ts';
import type { EducationLevel } from '#src/shared/enums.ts';

// Localised labels of the shared enums, one file per area so a screen loads only its own. Maps, not
// dynamic key lookups, so the bundler keeps what is used.

export const EDUCATION_LABELS: Record<EducationLevel, () => string> = EDUCATION_MESSAGES;

export const RATING_LABELS: Record<5 | 10, () => string> = { 5: m.rating_average, 10: m.rating_good };
