/**
 * A talent's facts as the recruiter's forms hold them while typing (numbers still text), the same in the
 * resume drop (add-talent) and the profile edit (talents); each form adds its own fields, the country code
 * among them (a choice with free text in the drop, plain text in the edit).
 */
export type TalentFactsFormValues = {
  fullName: string;
  email: string;
  phone: string;
  languages: string[];
  educationLevel: string;
  country: string;
  location: string;
  expectedSalary: string;
  expectedSalaryCurrency: string;
  contactLocale: string;
};
