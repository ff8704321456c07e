import * as v from 'valibot';
import { type NoteFacts, noteFactsSchema } from '#src/shared/ai-note-schemas.ts';
import type { TalentDetail } from '#src/shared/recruiter-types.ts';

type ProfileFacts = Pick<
  TalentDetail,
  | 'expectedSalary'
  | 'expectedSalaryCurrency'
  | 'languages'
  | 'educationLevel'
  | 'location'
  | 'country'
  | 'yearsOfExperience'
  | 'currentPosition'
  | 'skills'
>;

/**
 * The talent's profile facts for the note assistant, with what the form on screen holds now laid over
 * them. Picked field by field, so no name, e-mail or phone is ever sent; anything the server would
 * refuse (an odd value in an old record) is left out rather than failing the call.
 */
export function noteFactsOf(talent: ProfileFacts, form: Partial<ProfileFacts> = {}): NoteFacts {
  const merged = { ...talent, ...form };
  const facts: Record<string, unknown> = {
    expectedSalary: merged.expectedSalary,
    expectedSalaryCurrency: merged.expectedSalaryCurrency || undefined,
    languages: merged.languages,
    educationLevel: merged.educationLevel || undefined,
    location: merged.location || undefined,
    country: merged.country || undefined,
    yearsOfExperience: merged.yearsOfExperience,
    currentPosition: merged.currentPosition || undefined,
    skills: merged.skills,
  };
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(facts)) {
    if (value === undefined) continue;
    const entry = (noteFactsSchema.entries as Record<string, v.GenericSchema>)[key];
    if (entry && v.is(entry, value)) kept[key] = value;
  }
  return kept as NoteFacts;
}
