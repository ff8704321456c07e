import type { CandidateLanguage, EducationLevel } from '#src/shared/enums.ts';
import { malaysianPlaceIn, namesMalaysia } from './malaysian-places';
import { isLanguage, languageCodes, languageOf } from './resume-languages';
import { SKILL_ALIASES, SKILL_DICTIONARY } from './skill-dictionary';

// What a resume's text tells us for the drop form and profile completion, by plain rules: section
// headings, labelled lines ("Position: ..."), date ranges and keywords. A guess for the recruiter to
// confirm, never more.
export type ResumeFields = {
  skills: string[];
  yearsOfExperience: number | null;
  currentPosition: string | null;
  educationLevel: EducationLevel | null;
  summary: string | null;
  /** The drop form's language codes, in its order. */
  languages: CandidateLanguage[];
  /** A Malaysian city or area (else state) from the address or the top of the resume. */
  location: string | null;
  country: string | null;
};

type Section = 'skills' | 'experience' | 'education' | 'summary' | 'languages' | 'personal' | 'other';

const HEADINGS: Record<Section, string[]> = {
  skills: [
    'skills',
    'technical skills',
    'key skills',
    'core skills',
    'skill set',
    'skills & expertise',
    'skills and expertise',
    'core competencies',
    'competencies',
    'kemahiran',
    'kemahiran teknikal',
    '技能',
    '专业技能',
  ],
  experience: [
    'experience',
    'work experience',
    'professional experience',
    'employment',
    'employment history',
    'work history',
    'career history',
    'pengalaman',
    'pengalaman kerja',
    'pengalaman pekerjaan',
    '工作经验',
    '工作经历',
  ],
  education: [
    'education',
    'education background',
    'academic background',
    'qualifications',
    'academic qualifications',
    'pendidikan',
    'latar belakang pendidikan',
    'kelayakan akademik',
    '教育',
    '教育背景',
    '学历',
  ],
  summary: [
    'summary',
    'profile',
    'professional summary',
    'career summary',
    'personal profile',
    'about me',
    'objective',
    'career objective',
    'ringkasan',
    'profil',
    'profil diri',
    'objektif',
    '个人简介',
    '简介',
  ],
  languages: [
    'languages',
    'language',
    'language skills',
    'language proficiency',
    'languages spoken',
    'bahasa',
    'kemahiran bahasa',
    'penguasaan bahasa',
    '语言',
    '语言能力',
  ],
  personal: [
    'contact',
    'contact details',
    'contact information',
    'personal details',
    'personal information',
    'personal particulars',
    'maklumat peribadi',
    'butiran peribadi',
    'maklumat diri',
    '个人资料',
    '个人信息',
    '联系方式',
  ],
  other: [
    'certifications',
    'certificates',
    'projects',
    'references',
    'interests',
    'hobbies',
    'awards',
    'achievements',
    'activities',
    'rujukan',
    'minat',
    'aktiviti',
  ],
};
const HEADING_OF = new Map(
  Object.entries(HEADINGS).flatMap(([section, names]) => names.map((name) => [name, section as Section])),
);

const SUMMARY_MAX = 600;
const SKILLS_MAX = 50;
const SKILL_MAX_CHARS = 60;

// "Skills", "SKILLS:", "# Work Experience", "Skills: Python, SQL" (a heading with its content inline).
function headingOf(line: string): { section: Section; rest: string } | null {
  const text = line.replace(/^[#*•\s]+/, '');
  const colon = text.search(/[:：]/);
  const name = (colon >= 0 ? text.slice(0, colon) : text).trim().toLowerCase();
  const section = name.length <= 40 ? HEADING_OF.get(name) : undefined;
  return section ? { section, rest: colon >= 0 ? text.slice(colon + 1).trim() : '' } : null;
}

function splitSections(lines: string[]): Map<Section, string[]> {
  const sections = new Map<Section, string[]>();
  let current: Section | null = null;
  for (const line of lines) {
    const heading = headingOf(line);
    if (heading) {
      current = heading.section;
      if (!sections.has(current)) sections.set(current, []);
      if (heading.rest) sections.get(current)?.push(heading.rest);
    } else if (current) {
      sections.get(current)?.push(line);
    }
  }
  return sections;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const DICTIONARY = SKILL_DICTIONARY.map((name) => ({
  name,
  pattern: new RegExp(`(?<![\\p{L}\\p{N}+#.])${escapeRegex(name)}(?![\\p{L}\\p{N}+#])`, 'iu'),
}));

/**
 * A skill named inside a longer one is the same skill said shorter: "Excel" beside "Microsoft Excel" (the
 * dictionary finds "Excel" in the section's "Microsoft Excel"). Whole words only: "Java" stays beside
 * "JavaScript".
 */
function withoutShorterForms(skills: string[]): string[] {
  const lower = skills.map((skill) => skill.toLowerCase());
  return skills.filter((_, i) => {
    const words = new RegExp(`(^|\\s)${escapeRegex(lower[i] as string)}(\\s|$)`, 'u');
    return !lower.some((other, j) => j !== i && other.length > (lower[i] as string).length && words.test(other));
  });
}

const ALIAS_GROUP = new Map(SKILL_ALIASES.flatMap((names, group) => names.map((name) => [name.toLowerCase(), group])));

/** One skill per alias group ("JS" and "JavaScript"), at the first one's place, in the fullest form found. */
function withoutAliases(skills: string[]): string[] {
  const kept: string[] = [];
  const placeOf = new Map<number, number>();
  for (const skill of skills) {
    const group = ALIAS_GROUP.get(skill.toLowerCase());
    const place = group === undefined ? undefined : placeOf.get(group);
    if (group === undefined) kept.push(skill);
    else if (place === undefined) {
      placeOf.set(group, kept.length);
      kept.push(skill);
    } else if (skill.length > (kept[place] as string).length) kept[place] = skill;
  }
  return kept;
}

function findSkills(sectionLines: string[], text: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const add = (raw: string) => {
    // "Programming: Python" keeps "Python"; bullets and trailing dots go.
    const skill = raw
      .replace(/^.*[:：]\s*/, '')
      .replace(/^[-–—*•·▪◦●\s]+/, '')
      .replace(/[.\s]+$/, '')
      .trim();
    const key = skill.toLowerCase();
    if (!skill || skill.length > SKILL_MAX_CHARS || skill.split(/\s+/).length > 5 || seen.has(key)) return;
    if (!/\p{L}/u.test(skill) || isLanguage(skill)) return;
    seen.add(key);
    found.push(skill);
  };
  for (const line of sectionLines) {
    for (const item of line.split(LIST_SEPARATORS)) {
      // A language with its level ("Bahasa Melayu - Fasih", "Mandarin: native") goes whole: its level is
      // no skill either.
      if (isLanguage(item) || isLanguage(item.replace(/^.*[:：]\s*/, ''))) continue;
      for (const part of item.split(/\s-\s/)) add(part);
    }
  }
  for (const { name, pattern } of DICTIONARY) if (pattern.test(text)) add(name);
  return withoutAliases(withoutShorterForms(found)).slice(0, SKILLS_MAX);
}

const LIST_SEPARATORS = /[,;|•·▪◦●、，；]|\s{2,}|\s\/\s/;

/**
 * The languages of the Languages section, and those a Skills section lists among the skills ("Bahasa
 * Melayu (native)"), as the form's codes. Only there: "English" elsewhere may be a degree or a school.
 */
function findLanguages(lines: string[]): CandidateLanguage[] {
  const items = lines.flatMap((line) =>
    line.split(new RegExp(`${LIST_SEPARATORS.source}|\\/|\\s(?:and|dan|&)\\s|和|及`, 'iu')),
  );
  // "Mandarin: native" names its language before the colon, "Spoken: English" after it.
  return languageCodes(items.map((item) => (languageOf(item) === undefined ? item.replace(/^.*[:：]\s*/, '') : item)));
}

// Lines that give the talent's address, wherever they are; "Location:" only near the top (under a job it
// is the employer's).
const ADDRESS_LINE =
  /^\s*(?:(?:(?:home|current|residential|mailing|permanent|correspondence)\s+)?address|alamat(?:\s+(?:rumah|semasa|tetap|surat-menyurat))?|tempat\s+tinggal|domicile|地址|住址|居住地|通讯地址)\s*(?:[:：-]|$)/i;
const LOCATION_LINE = /^\s*(?:(?:current\s+)?location|lokasi|based\s+in|所在地)\s*[:：-]/i;
const HEADER_LINES = 8;

/** The address lines, and the line under a label that stands alone ("Alamat" above the address). */
function addressLines(lines: string[]): string[] {
  return lines.flatMap((line, i) => {
    if (!ADDRESS_LINE.test(line)) return [];
    return /[:：-]\s*\S/.test(line) ? [line] : [line, lines[i + 1] ?? ''];
  });
}

/** Where the talent lives: an address line, else the personal details, else the lines above the first heading. */
function findLocation(lines: string[], personal: string[]): { location: string | null; country: string | null } {
  const firstHeading = lines.findIndex((line) => headingOf(line) !== null);
  const header = lines.slice(0, firstHeading < 0 ? HEADER_LINES : Math.min(firstHeading, HEADER_LINES));
  const sources = [
    addressLines(lines),
    [...personal, ...header.filter((line) => LOCATION_LINE.test(line))],
    header,
  ].map((source) => source.join('\n'));
  for (const source of sources) {
    const place = malaysianPlaceIn(source);
    if (place) return { location: place, country: 'Malaysia' };
  }
  return { location: null, country: sources.some(namesMalaysia) ? 'Malaysia' : null };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH =
  '\\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const DATE = `(?:${MONTH}\\s+|(\\d{1,2})[/.-])?((?:19|20)\\d{2})`;
const RANGE = new RegExp(
  `${DATE}\\s*(?:-|–|—|to|until|hingga)\\s*(?:${DATE}|(present|current|now|today|date|sekarang|kini|至今|现在))`,
  'gi',
);

function monthIndex(monthName: string | undefined, monthNumber: string | undefined, year: string, end: boolean) {
  let month = end ? 11 : 0;
  if (monthName) month = MONTHS.indexOf(monthName.slice(0, 3).toLowerCase());
  else if (monthNumber && Number(monthNumber) >= 1 && Number(monthNumber) <= 12) month = Number(monthNumber) - 1;
  return Number(year) * 12 + month;
}

// The months covered by the date ranges of the experience section, overlaps counted once.
function yearsFromRanges(lines: string[], now: Date): number | null {
  const spans: Array<[number, number]> = [];
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  for (const match of lines.join('\n').matchAll(RANGE)) {
    const start = monthIndex(match[1], match[2], match[3] as string, false);
    const end = match[7] ? current : monthIndex(match[4], match[5], match[6] as string, true);
    if (end >= start && start <= current) spans.push([start, Math.min(end, current)]);
  }
  if (spans.length === 0) return null;
  spans.sort((a, b) => a[0] - b[0]);
  let months = 0;
  let [from, to] = spans[0] as [number, number];
  for (const [start, end] of spans.slice(1)) {
    if (start <= to + 1) to = Math.max(to, end);
    else {
      months += to - from + 1;
      [from, to] = [start, end];
    }
  }
  months += to - from + 1;
  return Math.floor(months / 12);
}

const YEARS_STATED = [
  // "5 years of experience", "5+ yrs experience", "8 years of professional experience"
  /(\d{1,2})\s*\+?\s*(?:years?|yrs?)\b[^.\n\d]{0,40}?\bexperience/i,
  // "Experience: 5 years", "Total experience - 7+ years"
  /experience\b[^.\n\d]{0,30}?(\d{1,2})\s*\+?\s*(?:years?|yrs?)\b/i,
  // "5 tahun pengalaman", "pengalaman 5 tahun"
  /(\d{1,2})\s*\+?\s*tahun\b[^.\n\d]{0,20}?pengalaman/i,
  /pengalaman\b[^.\n\d]{0,30}?(\d{1,2})\s*\+?\s*tahun/i,
  // "5年工作经验"
  /(\d{1,2})\s*\+?\s*年[^。\n\d]{0,10}?经验/,
];

function findYears(text: string, experienceLines: string[] | undefined, allLines: string[], now: Date) {
  for (const pattern of YEARS_STATED) {
    const match = pattern.exec(text);
    if (match) return Math.min(Number(match[1]), 70);
  }
  const years = yearsFromRanges(experienceLines ?? allLines, now);
  return years === null ? null : Math.min(years, 70);
}

const POSITION_LINE =
  /^\s*(?:current\s+(?:position|role|job\s+title|title|designation)|position|job\s+title|designation|jawatan(?:\s+semasa)?|职位)\s*[:：\-–]\s*(.+)$/im;

function cleanPosition(line: string): string | null {
  const text = line
    .replace(RANGE, '')
    .replace(/\(\s*\)|\[\s*\]/g, '')
    .split(/\s+(?:at|@|-|–|—|\|)\s+|,\s*|\s*\(/)[0]
    ?.replace(/^[-–—*•·▪◦●\s]+/, '')
    .trim();
  if (!text || !/\p{L}/u.test(text) || text.length > 120 || text.split(/\s+/).length > 10) return null;
  return text;
}

function findPosition(text: string, experienceLines: string[] | undefined): string | null {
  const labelled = POSITION_LINE.exec(text);
  if (labelled?.[1]) return cleanPosition(labelled[1]);
  // Else the first line of the experience section: resumes list the latest job first.
  for (const line of experienceLines ?? []) {
    if (/^\s*\d{1,2}\s*\+?\s*(?:years?|yrs?)\b/i.test(line)) continue; // "Experience: 5 years"
    const position = cleanPosition(line);
    if (position) return position;
  }
  return null;
}

// Highest level first: a resume lists the SPM it took before its degree.
const EDUCATION: Array<[EducationLevel, RegExp]> = [
  ['PHD', /\b(?:ph\.?\s?d|doctorate|doctor of philosophy|doktor falsafah)\b|博士/i],
  [
    'Master',
    /\b(?:masters?|master's)\s+(?:of|in|degree)\b|\bmba\b|\bm\.?sc\b|\bm\.?eng\b|\bsarjana\b(?!\s+muda)|硕士/i,
  ],
  [
    'Degree',
    /\bbachelor|\bdegree\b|\bb\.?sc\b|\bb\.?eng\b|\bb\.?a\.|\bbba\b|\bsarjana\s+muda\b|\bijazah\b|\bundergraduate\b|学士|本科/i,
  ],
  ['Diploma', /\bdiploma\b|\bdiploma\s+lanjutan\b|大专|专科|文凭/i],
  ['Vocational', /\bvocational\b|\bskm\b|\bsijil kemahiran\b|\bteknik dan vokasional\b|\btvet\b/i],
  ['Certificates', /\bcertificate\s+(?:in|of)\b|\bprofessional certificate\b|\bsijil\b(?!\s+pelajaran)/i],
  [
    'Secondary School',
    /\bspm\b|\bstpm\b|\buec\b|\bigcse\b|\b[oa][- ]levels?\b|\bhigh school\b|\bsecondary school\b|\bsijil pelajaran\b|中学|高中/i,
  ],
  ['Primary School', /\bprimary school\b|\bupsr\b|\bsekolah rendah\b|小学/i],
];

function findEducation(text: string, educationLines: string[] | undefined): EducationLevel | null {
  for (const source of [educationLines?.join('\n'), text]) {
    if (!source) continue;
    for (const [level, pattern] of EDUCATION) if (pattern.test(source)) return level;
  }
  return null;
}

function findSummary(summaryLines: string[] | undefined): string | null {
  const text = (summaryLines ?? []).join(' ').replace(/\s+/g, ' ').trim();
  if (!text) return null;
  if (text.length <= SUMMARY_MAX) return text;
  const cut = text.slice(0, SUMMARY_MAX);
  const sentence = cut.lastIndexOf('. ');
  return sentence > SUMMARY_MAX / 2 ? cut.slice(0, sentence + 1) : `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

export function extractResumeFields(text: string, now: Date): ResumeFields {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const sections = splitSections(lines);
  const experience = sections.get('experience');
  // Without an experience section, every date range counts except those of the studies.
  const education = new Set(sections.get('education'));
  const notEducation = lines.filter((line) => !education.has(line));
  return {
    skills: findSkills(sections.get('skills') ?? [], text),
    yearsOfExperience: findYears(text, experience, notEducation, now),
    currentPosition: findPosition(text, experience),
    educationLevel: findEducation(text, sections.get('education')),
    summary: findSummary(sections.get('summary')),
    languages: findLanguages([...(sections.get('languages') ?? []), ...(sections.get('skills') ?? [])]),
    ...findLocation(lines, sections.get('personal') ?? []),
  };
}
