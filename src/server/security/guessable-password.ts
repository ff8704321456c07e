import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

// A password that passes the seed's rule (8 characters, a letter, a digit, a symbol) can still be one of
// the first an attacker tries: "Password1!", "P@ssw0rd", "Qwerty123!", the product's own name with "1!".
// zxcvbn-ts matches it against common-password and word lists (with l33t, case and keyboard-pattern
// variants) and estimates the guesses needed; under a million (its score 0 or 1) is refused (ASVS 6.2.4,
// 6.2.12). Server side only: the lists weigh ~2 MB, too much for the phone's first load.
const WORDS_OF_THE_PRODUCT = ['recruiter', 'recruiters', 'talent', 'referral'];

let checker: ZxcvbnFactory | undefined;

/** True when `password` is among the guessable: refuse it. `personal` adds the user's own words (name, e-mail). */
export function isGuessablePassword(password: string, personal: readonly string[] = []): boolean {
  checker ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const words = [...WORDS_OF_THE_PRODUCT, ...personal.flatMap((text) => text.toLowerCase().split(/[^\p{L}\d]+/u))];
  const result = checker.check(
    password,
    words.filter((word) => word.length >= 3),
  );
  return result.score <= 1;
}
