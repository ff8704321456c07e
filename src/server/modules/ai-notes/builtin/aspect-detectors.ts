import type { NoteTask } from '#src/server/modules/ai-notes/ai-engine.ts';
import { splitClauses } from './note-sentences';
import { keywordMatcher, normalise } from './text-match';

// What each aspect of the checklist looks for in a note, by keywords in English, Malay and Chinese
// (whatever language the answer is written in). Every function reads one piece of text (a sentence or a
// clause) as it is, and normalises it itself. Keyword rules: see text-match.ts.

// ---- salary: current and expected pay -------------------------------------------------------------

const CURRENCY_AMOUNT = /(?<!\p{L})(?:rm|myr|sgd|s\$|usd|us\$|idr|rp|thb|php|rmb|cny|hkd|inr|\$|¥|₱|฿|£|€)\s?\d/u;
const LATIN_SUFFIX_AMOUNT = /\d(?:[\d,.]*\d)?\s?(?:k|ribu|juta|mil|ringgit|dollars?|sgd|myr|rm)(?!\p{L})/u;
const CJK_AMOUNT = /(?:\d(?:[\d,.]*\d)?|[一二两三四五六七八九十百]+)\s?(?:千|万|元|块|令吉|新币)/u;
const BARE_AMOUNT = /\d{3,}|\d{1,3}(?:,\d{3})+/u;
const isSalaryWord = keywordMatcher([
  'salary',
  'salaries',
  'pay',
  'paid',
  'ctc',
  'income',
  'earn*',
  'wage*',
  'remuneration',
  'compensation',
  'gaji',
  'pendapatan',
  'upah',
  'bayaran',
  '薪',
  '工资',
  '待遇',
  '收入',
]);
const isNegotiable = keywordMatcher([
  'negotiable',
  'nego',
  'open',
  'boleh runding',
  'berunding',
  '面议',
  '可谈',
  '可商量',
]);
const isCurrentCue = keywordMatcher([
  'current*',
  'now',
  'present*',
  'existing',
  'last drawn',
  'drawn',
  'drawing',
  'earning',
  'earns',
  'sekarang',
  'semasa',
  'kini',
  'terkini',
  'terakhir',
  '目前',
  '现在',
  '现时',
  '当前',
  '现薪',
  '现有',
  '现任',
]);
const isExpectedCue = keywordMatcher([
  'expect*',
  'asking',
  'asks',
  'ask',
  'target*',
  'want*',
  'hoping',
  'hope*',
  'desired',
  'minimum',
  'jangka*',
  'dijangka',
  'harap*',
  'mengharapkan',
  'minta',
  'mahu',
  'inginkan',
  '期望',
  '预期',
  '希望',
  '要求',
  '想要',
  '期待',
]);

// Words that mean pay only next to an amount ("basic RM3,500"): alone they are "basic knowledge of SQL".
const isWeakSalaryWord = keywordMatcher(['basic', 'package']);

export interface SalaryFacts {
  current: boolean;
  expected: boolean;
  /** Pay is mentioned at all (an amount with a pay context, or a word for salary). */
  mentioned: boolean;
}

/** Current and expected pay in one sentence: a clause with an amount (or "negotiable") and a cue word. */
export function salaryFacts(sentence: string): SalaryFacts {
  const text = normalise(sentence);
  const salaryWord = isSalaryWord(text);
  const currencyInSentence = CURRENCY_AMOUNT.test(text) || LATIN_SUFFIX_AMOUNT.test(text) || CJK_AMOUNT.test(text);
  const facts: SalaryFacts = { current: false, expected: false, mentioned: salaryWord };
  for (const clause of splitClauses(text)) {
    const pay =
      CURRENCY_AMOUNT.test(clause) ||
      LATIN_SUFFIX_AMOUNT.test(clause) ||
      CJK_AMOUNT.test(clause) ||
      (BARE_AMOUNT.test(clause) && (salaryWord || currencyInSentence || isWeakSalaryWord(clause))) ||
      (isNegotiable(clause) && salaryWord);
    if (!pay) continue;
    facts.mentioned = true;
    if (isCurrentCue(clause)) facts.current = true;
    if (isExpectedCue(clause)) facts.expected = true;
  }
  return facts;
}

// ---- availability, reason for moving, communication: keywords --------------------------------------

export const mentionsAvailability = keywordMatcher([
  'notice',
  'notice period',
  'start date',
  'start',
  'starting',
  'immediate*',
  'available',
  'availability',
  'join',
  'joining',
  'serving',
  'resign*',
  'last day',
  'asap',
  'notis',
  'boleh mula',
  'mula bekerja',
  'mula kerja',
  'segera',
  'serta-merta',
  'serta merta',
  'boleh masuk',
  'masuk kerja',
  'tersedia',
  'bersedia',
  'berhenti',
  '通知期',
  '到岗',
  '入职',
  '上岗',
  '上班',
  '随时',
  '立即',
  '马上',
  '开始工作',
  '离职',
  '辞职',
]);

export const mentionsReason = keywordMatcher([
  'reason*',
  'because',
  'looking for',
  'looking to',
  'seek*',
  'career growth',
  'growth',
  'progression',
  'opportunit*',
  'relocat*',
  'move',
  'moving',
  'leave',
  'leaving',
  'left',
  'laid off',
  'retrench*',
  'redundan*',
  'contract end*',
  'closing down',
  'want to',
  'wants to',
  'wanted to',
  'interested in',
  'challenge*',
  'closer to home',
  'work-life balance',
  'sebab',
  'alasan',
  'kerana',
  'disebabkan',
  'mahu',
  'ingin',
  'mencari',
  'berpindah',
  'bertukar',
  'tukar kerja',
  'peluang',
  '原因',
  '想要',
  '因为',
  '希望',
  '寻找',
  '发展',
  '机会',
  '跳槽',
  '离开',
  '想换',
]);

export const mentionsCommunication = keywordMatcher([
  'fluent',
  'fluently',
  'fluency',
  'confident*',
  'clear',
  'clearly',
  'articulate*',
  'communicat*',
  'well-spoken',
  'well spoken',
  'spoke well',
  'speaks well',
  'polite',
  'friendly',
  'professional',
  'presentable',
  'eloquent',
  'good attitude',
  'responsive',
  'engaging',
  'came across',
  'berkomunikasi',
  'komunikasi',
  'fasih',
  'yakin',
  'jelas',
  'petah',
  'sopan',
  'peramah',
  'mesra',
  'profesional',
  '沟通',
  '表达',
  '流利',
  '自信',
  '清楚',
  '清晰',
  '礼貌',
  '口才',
  '谈吐',
  '友善',
]);

// ---- experience: the task's skills and years ------------------------------------------------------

const YEARS_DIGITS = /(?<!\d)(\d{1,2}(?:\.\d)?)\s*\+?\s*(?:years?|yrs?|tahun)(?!\p{L})/u;
const YEARS_CJK =
  /(?<!\d)\d{1,2}(?:\.\d)?\s*\+?\s*年|[一二两三四五六七八九十]+\s*年(?:以上|多)?(?:的)?(?:工作|相关)?经验/u;
const YEARS_WORDS =
  /(?<!\p{L})(?:one|two|three|four|five|six|seven|eight|nine|ten|a few|several|many|satu|dua|tiga|empat|lima|enam|tujuh|lapan|sembilan|sepuluh|beberapa|banyak)\s+(?:years?|tahun)(?!\p{L})/u;
const isExperienceWord = keywordMatcher(['experience*', 'pengalaman', 'berpengalaman', '经验', '从事', '担任']);

/** Years of experience: "5 years", "3+ yrs", "lima tahun", "5年", "五年经验". */
export function mentionsYears(sentence: string): boolean {
  const text = normalise(sentence);
  return YEARS_DIGITS.test(text) || YEARS_CJK.test(text) || YEARS_WORDS.test(text);
}

/** The task's skills the text names (whole words for latin skills, case-insensitive). */
export function skillsMentioned(text: string, skills: readonly string[]): string[] {
  const normalised = normalise(text);
  return skills.filter((skill) => keywordMatcher([skill])(normalised));
}

export function mentionsExperience(sentence: string, task: NoteTask): boolean {
  return (
    isExperienceWord(normalise(sentence)) ||
    mentionsYears(sentence) ||
    skillsMentioned(sentence, task.requiredSkills).length > 0
  );
}

// ---- languages ------------------------------------------------------------------------------------

/** Names of candidate languages in English, Malay and Chinese, by code. */
const LANGUAGE_NAMES: Record<string, string[]> = {
  en: ['english', 'inggeris', 'bahasa inggeris', '英语', '英文'],
  ms: ['malay', 'bahasa melayu', 'bahasa malaysia', 'melayu', 'bm', '马来语', '马来文', '巫语', '国语'],
  zh: ['mandarin', 'chinese', 'bahasa cina', 'bahasa mandarin', '中文', '华语', '普通话', '汉语', '华文'],
  ta: ['tamil', 'bahasa tamil', '泰米尔语', '淡米尔语', '淡米尔文'],
  ko: ['korean', 'bahasa korea', '韩语', '韩文', '韩国语', '朝鲜语'],
  id: ['indonesian', 'bahasa indonesia', '印尼语', '印度尼西亚语', '印尼文'],
  th: ['thai', 'bahasa thai', '泰语', '泰文'],
  ja: ['japanese', 'bahasa jepun', 'jepun', '日语', '日文', '日本语'],
};
const languageMatchers = new Map<string, (text: string) => boolean>();
function languageMatcher(code: string): (text: string) => boolean {
  let matcher = languageMatchers.get(code);
  if (!matcher) {
    matcher = keywordMatcher(LANGUAGE_NAMES[code] ?? [englishLanguageName(code)]);
    languageMatchers.set(code, matcher);
  }
  return matcher;
}
function englishLanguageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Which of the language codes the text names. */
export function languagesMentioned(text: string, codes: readonly string[]): string[] {
  const normalised = normalise(text);
  return codes.filter((code) => languageMatcher(code)(normalised));
}

export function mentionsAnyLanguage(text: string): boolean {
  return languagesMentioned(text, Object.keys(LANGUAGE_NAMES)).length > 0;
}

// ---- location -------------------------------------------------------------------------------------

const isLocationWord = keywordMatcher([
  'relocat*',
  'commut*',
  'remote*',
  'hybrid',
  'onsite',
  'on-site',
  'on site',
  'work from home',
  'wfh',
  'lives in',
  'living in',
  'based in',
  'stays in',
  'staying in',
  'located',
  'near',
  'nearby',
  'travel*',
  'transport*',
  'tinggal',
  'menetap',
  'duduk di',
  'berulang-alik',
  'ulang-alik',
  'pindah',
  'jarak',
  'dekat',
  'kerja dari rumah',
  '住在',
  '居住',
  '通勤',
  '远程',
  '混合',
  '搬迁',
  '搬家',
  '距离',
  '附近',
  '在家办公',
  '居家办公',
  '上下班',
]);

/** Other names of places in the region, so a note in Chinese or Malay still matches "Kuala Lumpur". */
const PLACE_ALIASES: string[][] = [
  ['malaysia', '马来西亚', '大马'],
  ['singapore', 'singapura', '新加坡', 'sg'],
  ['indonesia', '印尼', '印度尼西亚'],
  ['thailand', 'thai', '泰国'],
  ['philippines', 'filipina', '菲律宾'],
  ['vietnam', 'viet nam', '越南'],
  ['china', '中国'],
  ['hong kong', '香港'],
  ['japan', 'jepun', '日本'],
  ['korea', 'south korea', '韩国'],
  ['india', '印度'],
  ['kuala lumpur', 'kl', '吉隆坡'],
  ['petaling jaya', 'pj', '八打灵再也', '八打灵'],
  ['selangor', '雪兰莪'],
  ['penang', 'pulau pinang', '槟城'],
  ['johor bahru', 'jb', '新山'],
  ['johor', '柔佛'],
  ['cyberjaya', '赛城'],
  ['putrajaya', '布城'],
  ['shah alam', '莎阿南'],
  ['subang jaya', 'subang', '梳邦再也', '梳邦'],
  ['ipoh', '怡保'],
  ['melaka', 'malacca', '马六甲'],
  ['kuching', '古晋'],
  ['kota kinabalu', 'kk', '亚庇'],
  ['jakarta', '雅加达'],
  ['bangkok', '曼谷'],
  ['manila', '马尼拉'],
];

/** The task's location and country, each part of "Petaling Jaya, Selangor" on its own, with their aliases. */
export function placeNames(task: NoteTask): string[] {
  const parts = [...task.location.split(/[,/|;]/u), task.country]
    .map((part) => part.trim())
    .filter((part) => part.length >= 2);
  const names = new Set(parts);
  for (const part of parts) {
    const key = normalise(part);
    for (const aliases of PLACE_ALIASES) if (aliases.includes(key)) for (const alias of aliases) names.add(alias);
  }
  return [...names];
}

export function mentionsLocation(sentence: string, task: NoteTask): boolean {
  const text = normalise(sentence);
  return isLocationWord(text) || keywordMatcher(placeNames(task))(text);
}
