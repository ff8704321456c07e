import { CANDIDATE_LANGUAGES, type CandidateLanguage } from '#src/shared/enums.ts';

// The languages a resume names, as the talent's languages (the drop form's choices) and never as skills
// (issue 42.17: "Bahasa Melayu" and "English" were read as skills). Written the ways Malaysian resumes
// write them: in English, in Malay ("Bahasa Inggeris", "Cina") and in Chinese, with or without a level.

// A language the form does not offer (null) is still a language, so still not a skill.
const NAMES: Record<string, CandidateLanguage | null> = {};
const add = (code: CandidateLanguage | null, names: string[]) => {
  for (const name of names) NAMES[name] = code;
};
add('en', ['english', 'bahasa inggeris', 'inggeris', '英语', '英文']);
// 国语 and 国文 are Malay to Malaysian Chinese writers (the national language), not Mandarin.
add('ms', ['malay', 'bahasa melayu', 'bahasa malaysia', 'melayu', 'bm', '马来语', '马来文', '国语', '国文', '巫语']);
add('zh', [
  'chinese',
  'mandarin',
  'cantonese',
  'hokkien',
  'hakka',
  'teochew',
  'hainanese',
  'foochow',
  'bahasa cina',
  'bahasa mandarin',
  'cina',
  '中文',
  '华语',
  '华文',
  '汉语',
  '普通话',
  '粤语',
  '广东话',
  '福建话',
  '客家话',
  '潮州话',
  '海南话',
]);
add('ta', ['tamil', 'bahasa tamil', '淡米尔语', '泰米尔语']);
add('ko', ['korean', 'bahasa korea', '韩语', '韩文']);
add('id', ['indonesian', 'bahasa indonesia', '印尼语']);
add('th', ['thai', 'bahasa thai', '泰语']);
add('ja', ['japanese', 'bahasa jepun', '日语', '日文']);
add(null, [
  'hindi',
  'telugu',
  'malayalam',
  'punjabi',
  'bengali',
  'urdu',
  'arabic',
  'bahasa arab',
  'arab',
  'french',
  'german',
  'spanish',
  'tagalog',
  'filipino',
  'vietnamese',
  'burmese',
  'khmer',
  'iban',
  'kadazan',
  'kadazandusun',
]);

// What follows a language's name: its level, in brackets or after a dash or colon ("English (fluent)",
// "Bahasa Melayu - Fasih", "Mandarin: native", "英语（流利）"), or a level written after it ("English fluent").
const LEVEL_AFTER = /\s*(?:[(（].*|[-–—:：].*)$/u;
const LEVEL_WORDS =
  /\s+(?:native|fluent|basic|intermediate|advanced|good|excellent|conversational|proficient|spoken|written|fasih|baik|sederhana|asas|lemah|penutur\s+asli|ibunda)(?:\s.*)?$/iu;

/**
 * The language an item of a list names, with its level or not: its code among the form's choices, null for
 * a language the form does not offer, undefined when it is not a language.
 */
export function languageOf(item: string): CandidateLanguage | null | undefined {
  const name = item
    .replace(/^[-–—*•·▪◦●\s]+/u, '')
    // The end of a bracket a list split open: "Chinese (Mandarin, Cantonese)".
    .replace(/[)）]+\s*$/u, '')
    .replace(LEVEL_AFTER, '')
    .replace(LEVEL_WORDS, '')
    .replace(/[.\s]+$/u, '')
    .trim()
    .toLowerCase();
  return Object.hasOwn(NAMES, name) ? NAMES[name] : undefined;
}

export const isLanguage = (item: string): boolean => languageOf(item) !== undefined;

/** The form's language codes a list of items names, in the form's order, each once. */
export function languageCodes(items: Iterable<string>): CandidateLanguage[] {
  const found = new Set<CandidateLanguage>();
  for (const item of items) {
    const code = languageOf(item);
    if (code) found.add(code);
  }
  return CANDIDATE_LANGUAGES.filter((code) => found.has(code));
}
