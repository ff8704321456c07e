import { m } from '#src/paraglide/messages.js';
import { registerFieldMessages } from './field-errors';

// The issue keys of the shared talent and referral schemas (src/shared/talent-schemas.ts) and of the
// API's refusals of them, registered once for every feature whose forms use them. Kept out of
// app-error.ts so pages without these forms (login) do not carry their messages.
registerFieldMessages({
  field_required: m.error_field_field_required,
  field_too_long: m.error_field_field_too_long,
  field_number: m.error_field_field_number,
  field_invalid: m.error_field_invalid,
  country_code_invalid: m.error_field_country_code_invalid,
  phone_required: m.error_field_phone_required,
  phone_invalid: m.error_field_phone_invalid,
  languages_required: m.error_field_languages_required,
  education_required: m.error_field_education_required,
  salary_invalid: m.error_field_salary_invalid,
  currency_invalid: m.error_field_currency_invalid,
  work_experience_required: m.error_field_work_experience_required,
  years_invalid: m.error_field_years_invalid,
  skills_invalid: m.error_field_skills_invalid,
  skills_too_many: m.error_field_skills_too_many,
  rating_required: m.error_field_rating_required,
  duplicate_email: m.error_field_duplicate_email,
  duplicate_phone: m.error_field_duplicate_phone,
  talent_email_taken: m.error_field_talent_email_taken,
  talent_phone_taken: m.error_field_talent_phone_taken,
  contact_locked: m.error_field_contact_locked,
  contact_not_in_resume: m.error_field_contact_not_in_resume,
  name_invalid: m.error_field_name_invalid,
  called_at_required: m.error_field_called_at_required,
  called_at_future: m.error_field_called_at_future,
  called_at_too_early: m.error_field_called_at_too_early,
  file_required: m.error_field_file_required,
  file_invalid: m.error_field_file_invalid,
  file_too_large: m.error_field_file_too_large,
  file_type_unsupported: m.error_field_file_type_unsupported,
  resume_too_large: m.error_resume_too_large,
  resume_type_unsupported: m.add_talent_resume_type_unsupported,
});
