import { m } from '#src/paraglide/messages.js';
import type { EducationLevel } from './enums';

// The education levels' messages, one map for the app's screens and the talent's data document (a map,
// not a dynamic key lookup, so the bundler keeps only the messages used).
export const EDUCATION_MESSAGES = {
  Degree: m.education_degree,
  Master: m.education_master,
  PHD: m.education_phd,
  Certificates: m.education_certificates,
  Vocational: m.education_vocational,
  Diploma: m.education_diploma,
  'Secondary School': m.education_secondary_school,
  'Primary School': m.education_primary_school,
  Others: m.education_others,
} satisfies Record<EducationLevel, unknown>;
