// Keyword matching for notes written in English, Malay or Chinese (or a mix of them).
// Latin keywords match whole words (next to Chinese characters too: "5年Java经验"), case-insensitively; a keyword ending in `*` matches a word prefix
// ("relocat*" finds "relocate", "relocating", "relocation"). Keywords with CJK characters match anywhere,
// since Chinese has no spaces between words.

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/u;

/** The text the detectors read: full-width forms folded (NFKC: "ＲＭ５０００" → "rm5000"), lower case. */
export function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One keyword as a regular expression source (see the file comment for the rules). */
export function keywordSource(keyword: string): string {
  const word = normalise(keyword.trim());
  if (hasCjk(word)) return escapeRegExp(word);
  const prefix = word.endsWith('*');
  const body = escapeRegExp(prefix ? word.slice(0, -1) : word).replace(/\s+/g, '\\s+');
  return `(?<![\\p{Script=Latin}\\p{N}_])${body}${prefix ? '' : '(?![\\p{Script=Latin}\\p{N}_])'}`;
}

/** A matcher for any of the keywords, over normalised text. */
export function keywordMatcher(keywords: readonly string[]): (normalisedText: string) => boolean {
  const sources = keywords.filter((keyword) => keyword.trim() !== '').map(keywordSource);
  if (sources.length === 0) return () => false;
  const pattern = new RegExp(sources.join('|'), 'u');
  return (text) => pattern.test(text);
}
