import { randomInt } from 'node:crypto';
import * as v from 'valibot';
import { passwordSchema } from '#src/shared/password-rule.ts';

// Letters and digits that cannot be mistaken for each other when read from an e-mail (no 0/O, 1/l/I).
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A random temporary password for an invited recruiter: three groups of five characters joined by '-'
 * (about 80 bits), always meeting the password rule (a letter, a digit, a special character), so it is
 * a valid password even though the recruiter must replace it at first login.
 */
export function temporaryPassword(): string {
  for (;;) {
    const groups = Array.from({ length: 3 }, () =>
      Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
    );
    const candidate = groups.join('-');
    if (v.is(passwordSchema, candidate)) return candidate;
  }
}
