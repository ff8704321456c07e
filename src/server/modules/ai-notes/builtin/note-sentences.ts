// Splits a note into sentences (kept verbatim, only trimmed) and sentences into clauses.
// Sentences end at a line break, at "。！？；" (Chinese) or at ".!?" followed by a space and a word that
// does not start in lower case, except after common abbreviations ("Mr.", "e.g."), initials ("J. Tan")
// and list numbers ("1. ..."). Decimals ("3.5k") and names like "Node.js" never split.

const BULLET = /^(?:[-*•·▪●◦–—]\s+)+/u;
const CJK_END = /[。！？；]/u;
const CJK_TRAIL = /[。！？；!?”’」』）)"'\s]/u;
const LATIN_END = /[.!?]/u;
const LATIN_TRAIL = /[.!?"'”’)\]]/u;
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'e.g',
  'i.e',
  'eg',
  'ie',
  'etc',
  'vs',
  'approx',
  'no',
  'sdn',
  'bhd',
  'co',
  'inc',
  'ltd',
  'dsb',
  'dll',
  'spt',
  'sdr',
  'sdri',
  'en',
  'pn',
  'cik',
]);

export function splitSentences(note: string): string[] {
  const sentences: string[] = [];
  const push = (text: string) => {
    const sentence = text.trim();
    if (sentence !== '') sentences.push(sentence);
  };
  for (const rawLine of note.split(/\r\n|\r|\n/u)) {
    const line = rawLine.trim().replace(BULLET, '');
    let start = 0;
    for (let i = 0; i < line.length; i += 1) {
      const char = line[i] as string;
      if (CJK_END.test(char)) {
        let end = i + 1;
        while (end < line.length && CJK_TRAIL.test(line[end] as string)) end += 1;
        push(line.slice(start, end));
        start = end;
        i = end - 1;
      } else if (LATIN_END.test(char)) {
        let end = i + 1;
        while (end < line.length && LATIN_TRAIL.test(line[end] as string)) end += 1;
        if (end < line.length) {
          if (!/\s/u.test(line[end] as string)) continue;
          let next = end;
          while (next < line.length && /\s/u.test(line[next] as string)) next += 1;
          if (/\p{Ll}/u.test(line[next] as string)) continue;
          if (char === '.' && !endsSentence(line.slice(start, i))) continue;
        }
        push(line.slice(start, end));
        start = end;
        i = end - 1;
      }
    }
    push(line.slice(start));
  }
  return sentences;
}

/** Whether a "." after this text ends a sentence (not an abbreviation, an initial or a list number). */
function endsSentence(textBefore: string): boolean {
  const lastWord = /([\p{L}\p{N}.]+)$/u.exec(textBefore)?.[1] ?? '';
  if (ABBREVIATIONS.has(lastWord.toLowerCase())) return false;
  if (/^\p{Lu}$/u.test(lastWord)) return false;
  if (/^\d{1,2}$/u.test(lastWord) && textBefore.trim() === lastWord) return false;
  return true;
}

/**
 * A sentence's clauses: cut at commas (not thousands separators), semicolons and "and/but/dan/tetapi/但/而",
 * so "current RM4k, expected RM5k" reads as two statements.
 */
export function splitClauses(sentence: string): string[] {
  return sentence
    .split(/,(?!\d{3})|，|、|;|；|\s(?:and|but|while|whereas|dan|tetapi|tapi|manakala|namun)\s|但是|但|而且|而|并且/u)
    .map((clause) => clause.trim())
    .filter((clause) => clause !== '');
}
