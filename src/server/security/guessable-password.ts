import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

// A password that passes the seed's rule (8 characters, a letter, a digit, a symbol) can still be one of
// the first an attacker tries: "Password1!", "P@ssw0rd", "Qwerty123!", the product's own name with "1!".
// zxcvbn-ts matches it against common-password and word lists (with l33t, case and keyboard-pattern
// variants) and estimates the guesses needed; under a million (its score 0 or 1) is refused (ASVS 6.2.4,
// 6.2.12). Server side only: the lists weigh ~2 MB, too much for the phone's first load.
//
// zxcvbn prices the decoration of a word ("#2026", "@2026") as random characters, so a common or known
// word with a year and a symbol scores well: "Recruiter#2026" (the README's demo password), "Welcome@2026",
// the user's own name or e-mail with "#2026". Those are the first guesses of a targeted attack (the word,
// then its usual endings), so they are refused too (issue 43.4): a password whose letters are only such
// words, with at most DECORATION digits and symbols around them.
const WORDS_OF_THE_PRODUCT = ['recruiter', 'recruiters', 'talent', 'talents', 'referral', 'referrals'];
const PRODUCT = new Set(WORDS_OF_THE_PRODUCT);
const DECORATION = 8;
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };
// The most common passwords' letters-only entries ("welcome", "dragon", "malaysia"), by rank.
const COMMON_WORDS = 10_000;

export type PasswordProblem = 'password_common' | 'password_personal';

let checker: ZxcvbnFactory | undefined;
let commonWords: Set<string> | undefined;

/**
 * Why `password` is refused, or null. `personal`: the user's own words (name, e-mail), for which the
 * answer is 'password_personal'.
 */
export function passwordProblem(password: string, personal: readonly string[] = []): PasswordProblem | null {
  const own = personalWords(personal);
  const lower = password.toLowerCase();
  // As typed, and with a digit or symbol inside a word read as the letter it stands for ("R3cruiter",
  // "P@ssw0rd"; the "@" of an e-mail address stays one in the first reading).
  for (const read of [lower, lower.replace(/(?<=\p{L})[013457@$](?=\p{L})/gu, (char) => LEET[char] ?? char)]) {
    const letters = read.replace(/[^\p{L}]+/gu, '');
    if (letters.length === 0 || read.length - letters.length > DECORATION) continue;
    if (madeOf(letters, own)) return madeOf(letters, PRODUCT) ? 'password_common' : 'password_personal';
    if (common().has(letters)) return 'password_common';
  }
  checker ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const words = [...WORDS_OF_THE_PRODUCT, ...own].filter((word) => word.length >= 3);
  return checker.check(password, words).score <= 1 ? 'password_common' : null;
}

/** The user's name and e-mail as words: each part of the name, of the address's local part and domain. */
function personalWords(texts: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const text of texts)
    for (const word of text.toLowerCase().split(/[^\p{L}\d]+/u)) {
      const letters = word.replace(/\d+/g, '');
      if (letters.length >= 2) words.add(letters);
    }
  // The product's words count as the user's own too: "RinaRecruiter#1" is the name and the product.
  for (const word of WORDS_OF_THE_PRODUCT) words.add(word);
  return words;
}

/** Whether `letters` is one or more of `words` run together ("rinatan", "rinaexamplecom"). */
function madeOf(letters: string, words: Set<string>): boolean {
  const reachable = [true, ...Array<boolean>(letters.length).fill(false)];
  for (let end = 1; end <= letters.length; end += 1)
    for (let start = 0; start < end && !reachable[end]; start += 1)
      if (reachable[start] && words.has(letters.slice(start, end))) reachable[end] = true;
  return reachable[letters.length] === true;
}

function common(): Set<string> {
  commonWords ??= new Set(
    (dictionary as Record<string, string[]>)['passwords-common']
      ?.slice(0, COMMON_WORDS)
      .filter((word) => /^\p{L}+$/u.test(word)),
  );
  return commonWords;
}
