import * as v from 'valibot';

// Seed section 5: at least 8 characters, containing a letter, a digit and a special character.
export const PASSWORD_MIN_LENGTH = 8;
export const passwordSchema = v.pipe(
  v.string(),
  v.minLength(PASSWORD_MIN_LENGTH, 'password_rule'),
  v.maxLength(200, 'password_rule'),
  v.regex(/\p{L}/u, 'password_rule'),
  v.regex(/\d/, 'password_rule'),
  v.regex(/[^\p{L}\d\s]/u, 'password_rule'),
);
