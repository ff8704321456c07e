import { m } from '#src/paraglide/messages.js';
import type { EducationLevel } from '#src/shared/enums.ts';

// Localised labels of the shared enums, one file per area so a screen loads only its own. Maps, not
// dynamic key lookups, so the bundler keeps what is used.

export const EDUCATION_LABELS: Record<EducationLevel, () => string> = {
  Degree: m.education_degree,
  Master: m.education_master,
  PHD: m.education_phd,
  Certificates: m.education_certificates,
  Vocational: m.education_vocational,
  Diploma: m.education_diploma,
  'Secondary School': m.education_secondary_school,
  'Primary School': m.education_primary_school,
  Others: m.education_others,
};

export const RATING_LABELS: Record<5 | 10, () => string> = { 5: m.rating_average, 10: m.rating_good };
