import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { m } from '#src/paraglide/messages.js';
import type { NoteRequest, NoteTask } from '#src/server/modules/ai-notes/ai-engine.ts';
import { createBuiltinEngine } from '#src/server/modules/ai-notes/builtin/builtin-engine.ts';
import { chunkText, composeImprovedNote, noteAdvice } from '#src/server/modules/ai-notes/builtin/note-compose.ts';
import { splitSentences } from '#src/server/modules/ai-notes/builtin/note-sentences.ts';
import { NOTE_ASPECTS, type NoteAspect } from '#src/shared/ai-note-schemas.ts';
import type { AppLocale } from '#src/shared/enums.ts';

// The built-in note engine: pure functions, no database.

const TASK: NoteTask = {
  title: 'Senior Java Developer',
  company: 'Acme Sdn Bhd',
  description: 'Backend work on payments.',
  jobType: 'ft',
  location: 'Kuala Lumpur',
  country: 'Malaysia',
  requiredSkills: ['Java', 'Spring Boot', 'SQL'],
  requiredLanguages: ['en', 'ms'],
  salaryMin: 600_000,
  salaryMax: 900_000,
  salaryCurrency: 'MYR',
};
const LOCALES: AppLocale[] = ['en', 'ms', 'zh'];
const engine = createBuiltinEngine();
const live = () => new AbortController().signal;

const analyze = (note: string, language: AppLocale = 'en', task: NoteTask = TASK) =>
  engine.analyze({ note, task, language }, live());
const coverage = async (note: string, task: NoteTask = TASK) =>
  Object.fromEntries((await analyze(note, 'en', task)).aspects.map((a) => [a.aspect, a.covered])) as Record<
    NoteAspect,
    boolean
  >;

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

const FULL_NOTES: Record<AppLocale, string> = {
  en:
    'Spoke with Ali Hassan on 3 March 2025. He has 6 years of Java and Spring Boot. Current salary RM6,500, ' +
    'expecting RM8,000. Notice period is 1 month. Looking for career growth. Fluent in English and Malay. ' +
    'Very confident on the call. Lives in Petaling Jaya, can commute to KL.',
  ms:
    'Calon ada 5 tahun pengalaman Java dan SQL. Gaji sekarang RM3,500 dan jangkaan RM4,500. Notis 2 minggu. ' +
    'Sebab berpindah: mahu peluang yang lebih baik. Fasih bahasa Inggeris dan bahasa Melayu. ' +
    'Berkomunikasi dengan jelas. Tinggal di Kuala Lumpur.',
  zh: '她有5年Java经验，熟悉SQL。目前月薪8000，期望10000。通知期一个月。因为想要更好的发展。会说英语和马来语。沟通清楚，表达自信。住在吉隆坡。',
};

describe('the built-in engine: analysis', () => {
  it.each(LOCALES)('scores a note covering everything (%s) 100, with no suggestions', async (language) => {
    const analysis = await analyze(FULL_NOTES[language], language);
    expect(analysis.score).toBe(100);
    expect(analysis.aspects.map((a) => a.aspect)).toEqual([...NOTE_ASPECTS]);
    for (const aspect of analysis.aspects) expect(aspect).toMatchObject({ covered: true, suggestion: null });
  });

  it('scores a note that says nothing useful 0, with a suggestion for every aspect', async () => {
    const analysis = await analyze('Called the talent today.');
    expect(analysis.score).toBe(0);
    for (const aspect of analysis.aspects) {
      expect(aspect.covered).toBe(false);
      expect(aspect.suggestion).toEqual(expect.any(String));
    }
  });

  it('weighs the aspects: salary and availability alone are 35, experience alone 25', async () => {
    expect((await analyze('Current salary RM4,000, expected RM5,000. Can start immediately.')).score).toBe(35);
    expect((await analyze('Worked with Java and SQL at a bank.')).score).toBe(25);
  });

  // [aspect, language, note, covered]
  const CASES: [NoteAspect, AppLocale, string, boolean][] = [
    ['salary', 'en', 'Current salary RM4,500, expected RM5,500.', true],
    ['salary', 'en', 'Currently earning 4.5k and asking for 5.5k.', true],
    ['salary', 'en', 'Expected salary RM5,500.', false],
    ['salary', 'en', 'Has a car and a cat.', false],
    ['salary', 'ms', 'Gaji sekarang RM3,500 dan jangkaan RM4,500.', true],
    ['salary', 'ms', 'Gaji semasa RM3,500.', false],
    ['salary', 'zh', '目前月薪8000，期望1万。', true],
    ['salary', 'zh', '期望月薪10000。', false],
    ['availability', 'en', 'Notice period is one month.', true],
    ['availability', 'en', 'Can start immediately.', true],
    ['availability', 'en', 'Likes hiking.', false],
    ['availability', 'ms', 'Tempoh notis dua minggu.', true],
    ['availability', 'ms', 'Boleh mula bulan depan.', true],
    ['availability', 'zh', '通知期一个月。', true],
    ['availability', 'zh', '下个月可以到岗。', true],
    ['availability', 'zh', '喜欢打篮球。', false],
    ['reason', 'en', 'Looking for career growth.', true],
    ['reason', 'en', 'Relocating because of family.', true],
    ['reason', 'en', 'Has a degree.', false],
    ['reason', 'ms', 'Alasan: syarikat ditutup.', true],
    ['reason', 'ms', 'Ada ijazah.', false],
    ['reason', 'zh', '离职原因是公司搬迁。', true],
    ['reason', 'zh', '想要更大的平台。', true],
    ['reason', 'zh', '有本科学历。', false],
    ['experience', 'en', 'Strong in Java and SQL.', true],
    ['experience', 'en', 'Knows JavaScript only.', false],
    ['experience', 'en', 'Knows java.', false],
    ['experience', 'ms', 'Mahir dalam Java dan Spring Boot.', true],
    ['experience', 'zh', '有5年Java经验，熟悉SQL。', true],
    ['experience', 'zh', '会用Excel。', false],
    ['languages', 'en', 'Speaks English and Malay.', true],
    ['languages', 'en', 'Speaks English.', false],
    ['languages', 'ms', 'Fasih bahasa Inggeris dan Bahasa Melayu.', true],
    ['languages', 'ms', 'Fasih bahasa Inggeris.', false],
    ['languages', 'zh', '会说英语和马来语。', true],
    ['languages', 'zh', '会说中文。', false],
    ['location', 'en', 'Lives in Kuala Lumpur.', true],
    ['location', 'en', 'Open to relocate.', true],
    ['location', 'en', 'Prefers hybrid work.', true],
    ['location', 'en', 'Has a dog.', false],
    ['location', 'ms', 'Tinggal di Shah Alam.', true],
    ['location', 'ms', 'Ada anjing.', false],
    ['location', 'zh', '住在吉隆坡。', true],
    ['location', 'zh', '可以远程工作。', true],
    ['location', 'zh', '有一只狗。', false],
    ['communication', 'en', 'Articulate and confident on the call.', true],
    ['communication', 'en', 'Has a dog.', false],
    ['communication', 'ms', 'Berkomunikasi dengan baik.', true],
    ['communication', 'ms', 'Ada kucing.', false],
    ['communication', 'zh', '沟通能力强，表达清晰。', true],
    ['communication', 'zh', '有一只猫。', false],
  ];
  it.each(CASES)('flags %s in a %s note "%s" as covered: %s', async (aspect, _language, note, covered) => {
    expect((await coverage(note))[aspect]).toBe(covered);
  });

  it('with no required skills, counts experience as covered when years are given', async () => {
    const task = { ...TASK, requiredSkills: [] };
    expect((await coverage('Has 4 years in retail.', task)).experience).toBe(true);
    expect((await coverage('有三年以上工作经验。', task)).experience).toBe(true);
    expect((await coverage('Lima tahun di kedai runcit.', task)).experience).toBe(true);
    expect((await coverage('Worked in retail.', task)).experience).toBe(false);
  });

  it('covers experience with half the skills, at least one', async () => {
    const four = { ...TASK, requiredSkills: ['Java', 'SQL', 'Docker', 'AWS'] };
    expect((await coverage('Java and SQL.', four)).experience).toBe(true);
    expect((await coverage('Java only.', four)).experience).toBe(false);
    const one = { ...TASK, requiredSkills: ['C++'] };
    expect((await coverage('Writes C++ daily.', one)).experience).toBe(true);
  });

  it('says which half of the salary is missing, in the requested language', async () => {
    for (const language of LOCALES) {
      const onlyExpected = await analyze('Expected salary RM5,500.', language);
      expect(onlyExpected.aspects.find((a) => a.aspect === 'salary')?.suggestion).toBe(
        m.ai_note_suggest_salary_current({}, { locale: language }),
      );
      const onlyCurrent = await analyze('目前月薪8000。', language);
      expect(onlyCurrent.aspects.find((a) => a.aspect === 'salary')?.suggestion).toBe(
        m.ai_note_suggest_salary_expected({}, { locale: language }),
      );
    }
  });

  it('writes suggestions in the requested language, whatever the note is written in, naming what is missing', async () => {
    const note = 'Knows Java. Speaks English.';
    const suggestion = async (language: AppLocale, aspect: NoteAspect) =>
      (await analyze(note, language)).aspects.find((a) => a.aspect === aspect)?.suggestion;
    expect(await suggestion('en', 'experience')).toBe("Describe the talent's experience with Spring Boot and SQL.");
    expect(await suggestion('en', 'languages')).toBe('Say whether the talent speaks Malay.');
    expect(await suggestion('ms', 'experience')).toBe('Terangkan pengalaman calon dengan Spring Boot dan SQL.');
    expect(await suggestion('ms', 'languages')).toBe('Nyatakan sama ada calon boleh bertutur dalam bahasa Melayu.');
    expect(await suggestion('zh', 'experience')).toBe('请说明人才在Spring Boot和SQL方面的经验。');
    expect(await suggestion('zh', 'languages')).toBe('请说明人才是否会说马来语。');
    expect(await suggestion('zh', 'reason')).toBe(m.ai_note_suggest_reason({}, { locale: 'zh' }));
    expect(await suggestion('ms', 'location')).toContain('Kuala Lumpur');
  });
});

describe('the built-in engine: the improved note', () => {
  const headingsIn = (language: AppLocale) => [
    m.ai_note_heading_summary({}, { locale: language }),
    m.ai_note_heading_fit({}, { locale: language }),
    m.ai_note_heading_pay({}, { locale: language }),
  ];

  /** The note's sentences as the improved note lists them: its "- " lines (it has no other kind). */
  const listedSentences = (text: string, language: AppLocale) => {
    const empty = `- ${m.ai_note_section_empty({}, { locale: language })}`;
    return text
      .split('\n')
      .filter((line) => line.startsWith('- ') && line !== empty)
      .map((line) => line.slice(2));
  };

  it.each(LOCALES)('writes the three headings in %s and sorts each sentence into its section', async (language) => {
    const text = (await collect(engine.improve({ note: FULL_NOTES.en, task: TASK, language }, live()))).join('');
    const headings = headingsIn(language);
    let at = -1;
    for (const heading of headings) {
      const next = text.indexOf(`${heading}\n`);
      expect(next, heading).toBeGreaterThan(at);
      at = next;
    }
    const section = (i: number) =>
      text.slice(
        text.indexOf(headings[i] as string),
        i + 1 < headings.length ? text.indexOf(headings[i + 1] as string) : undefined,
      );
    expect(section(0)).toContain('- Spoke with Ali Hassan on 3 March 2025.');
    expect(section(0)).toContain('- Looking for career growth.');
    expect(section(1)).toContain('- He has 6 years of Java and Spring Boot.');
    expect(section(1)).toContain('- Lives in Petaling Jaya, can commute to KL.');
    expect(section(2)).toContain('- Current salary RM6,500, expecting RM8,000.');
    expect(section(2)).toContain('- Notice period is 1 month.');
    // Issue 21: no checklist inside the note; what is left to confirm is advice beside it.
    // (The headings the note once ended with, since removed from the catalogues.)
    const oldGapHeadings = { en: 'Gaps to confirm', ms: 'Perkara yang perlu disahkan', zh: '待确认事项' };
    expect(text).not.toContain(oldGapHeadings[language as keyof typeof oldGapHeadings]);
    expect(listedSentences(text, language).sort()).toEqual(splitSentences(FULL_NOTES.en).sort());
  });

  it('gives one thing to confirm per uncovered aspect as advice beside the note, never in it', () => {
    const request = {
      note: 'Gaji semasa RM3,500. Boleh bertutur bahasa Inggeris.',
      task: TASK,
      language: 'ms' as const,
    };
    const advice = noteAdvice(request);
    expect(advice).toEqual([
      m.ai_note_gap_salary_expected({}, { locale: 'ms' }),
      m.ai_note_gap_availability({}, { locale: 'ms' }),
      m.ai_note_gap_reason({}, { locale: 'ms' }),
      'Sahkan pengalaman dengan Java, Spring Boot dan SQL.',
      'Sahkan sama ada mereka boleh bertutur dalam bahasa Melayu.',
      m.ai_note_gap_location({ place: 'Kuala Lumpur, Malaysia' }, { locale: 'ms' }),
      m.ai_note_gap_communication({}, { locale: 'ms' }),
    ]);
    const text = composeImprovedNote(request);
    for (const line of advice) expect(text).not.toContain(line);
  });

  it('counts what the profile form says as known: expected salary, languages, location, skills', async () => {
    const note = 'Current salary RM6,500. Notice period is 1 month. Looking for career growth. Communicates clearly.';
    const bare = await engine.analyze({ note, task: TASK, language: 'en' }, live());
    const missing = (analysis: typeof bare) => analysis.aspects.filter((a) => !a.covered).map((a) => a.aspect);
    expect(missing(bare)).toEqual(['salary', 'experience', 'languages', 'location']);
    const facts = {
      expectedSalary: 8000,
      expectedSalaryCurrency: 'MYR' as const,
      languages: ['en' as const, 'ms' as const],
      location: 'Petaling Jaya',
      country: 'Malaysia',
      yearsOfExperience: 6,
      skills: ['Java', 'Spring Boot'],
    };
    const told = await engine.analyze({ note, task: TASK, language: 'en', facts }, live());
    expect(missing(told)).toEqual([]);
    expect(told.score).toBe(100);
    expect(noteAdvice({ note, task: TASK, language: 'en', facts })).toEqual([]);
    // Only the current salary known from the note, the expected one from the form: not "missing".
    const half = await engine.analyze({ note: 'Notice period is 1 month.', task: TASK, language: 'en', facts }, live());
    expect(half.aspects.find((a) => a.aspect === 'salary')?.suggestion).toBe(
      m.ai_note_suggest_salary_current({}, { locale: 'en' }),
    );
  });

  it('files a remark under the heading it is about ("basic knowledge" is no salary)', () => {
    const text = composeImprovedNote({
      note: 'She has 5 years of Java and basic knowledge of SQL. Remarks: very polite and clear on the call. Basic RM4,000, expecting RM5,000.',
      task: TASK,
      language: 'en',
    });
    const pay = text.slice(text.indexOf(m.ai_note_heading_pay({}, { locale: 'en' })));
    const fit = text.slice(
      text.indexOf(m.ai_note_heading_fit({}, { locale: 'en' })),
      text.indexOf(m.ai_note_heading_pay({}, { locale: 'en' })),
    );
    expect(fit).toContain('- She has 5 years of Java and basic knowledge of SQL.');
    expect(fit).toContain('- Remarks: very polite and clear on the call.');
    expect(pay).toContain('- Basic RM4,000, expecting RM5,000.');
    expect(pay).not.toContain('basic knowledge');
  });

  it('streams small chunks that add up to the whole note', async () => {
    const request: NoteRequest = { note: `${FULL_NOTES.en}\n${FULL_NOTES.zh}`, task: TASK, language: 'zh' };
    const chunks = await collect(engine.improve(request, live()));
    expect(chunks.join('')).toBe(composeImprovedNote(request));
    expect(chunks.length).toBeGreaterThan(20);
    for (const chunk of chunks) {
      expect(chunk.trim().split(/\s+/).length).toBeLessThanOrEqual(3);
      expect(chunk.length).toBeLessThanOrEqual(60);
    }
  });

  it('stops at once when the signal aborts, throwing the abort reason', async () => {
    const slow = createBuiltinEngine({ chunkDelayMs: 5 });
    const controller = new AbortController();
    const reason = new Error('cancelled by the recruiter');
    const seen: string[] = [];
    const run = (async () => {
      for await (const chunk of slow.improve({ note: FULL_NOTES.en, task: TASK, language: 'en' }, controller.signal)) {
        seen.push(chunk);
        if (seen.length === 3) controller.abort(reason);
      }
    })();
    await expect(run).rejects.toBe(reason);
    expect(seen).toHaveLength(3);

    const aborted = AbortSignal.abort(reason);
    await expect(collect(engine.improve({ note: 'Hi.', task: TASK, language: 'en' }, aborted))).rejects.toBe(reason);
    await expect(engine.analyze({ note: 'Hi.', task: TASK, language: 'en' }, aborted)).rejects.toBe(reason);
  });

  it('aborts while waiting between chunks, not after the wait', async () => {
    const slow = createBuiltinEngine({ chunkDelayMs: 10_000 });
    const controller = new AbortController();
    const iterator = slow
      .improve({ note: FULL_NOTES.en, task: TASK, language: 'en' }, controller.signal)
      [Symbol.asyncIterator]();
    await iterator.next();
    const started = Date.now();
    const pending = iterator.next();
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  // ---- property: every fact of the note survives, nothing is invented ----

  const name = fc.stringMatching(/^[A-Z][a-z]{2,8}$/);
  const num = fc.integer({ min: 0, max: 99_999 });
  const MONTHS = ['January', 'March', 'June', 'September', 'December'];
  const date = fc.oneof(
    fc
      .tuple(fc.integer({ min: 1, max: 28 }), fc.constantFrom(...MONTHS), fc.integer({ min: 2000, max: 2030 }))
      .map(([d, mo, y]) => `${d} ${mo} ${y}`),
    fc
      .tuple(fc.integer({ min: 2000, max: 2030 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
      .map(([y, mo, d]) => `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
  );
  const zhDate = fc
    .tuple(fc.integer({ min: 2000, max: 2030 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
    .map(([y, mo, d]) => `${y}年${mo}月${d}日`);
  const amount = fc.oneof(
    num.map((n) => `RM${n.toLocaleString('en')}`),
    fc.integer({ min: 1, max: 30 }).map((n) => `${n}k`),
    num.map((n) => `SGD ${n}`),
  );
  const sentence = fc.oneof(
    // English
    fc.tuple(name, num).map(([who, n]) => `${who} has ${n} years of Java and SQL.`),
    fc.tuple(amount, amount).map(([a, b]) => `Current salary ${a}, expecting ${b}.`),
    fc.tuple(name, date).map(([who, d]) => `${who} can start on ${d}.`),
    fc.tuple(name, name).map(([who, place]) => `Met ${who} in ${place} last week!`),
    fc.tuple(num, num).map(([a, b]) => `Scored ${a} out of ${b} in the test?`),
    fc.tuple(name).map(([who]) => `Fluent in English, very confident, says ${who} is a mentor.`),
    // Malay
    fc.tuple(name, num).map(([who, n]) => `${who} ada ${n} tahun pengalaman.`),
    fc.tuple(amount).map(([a]) => `Gaji sekarang ${a}.`),
    fc.tuple(date).map(([d]) => `Boleh mula pada ${d}.`),
    fc.tuple(name).map(([who]) => `Tinggal di ${who} dan mahu peluang baru.`),
    // Chinese
    fc.tuple(name, num).map(([who, n]) => `${who}有${n}年工作经验。`),
    fc.tuple(num, num).map(([a, b]) => `目前月薪${a}，期望${b}元。`),
    fc.tuple(zhDate).map(([d]) => `${d}可以到岗。`),
    fc.tuple(name).map(([who]) => `住在${who}，沟通清楚。`),
  );
  const note = fc
    .array(fc.tuple(sentence, fc.constantFrom(' ', '\n', '  ')), { minLength: 1, maxLength: 8 })
    .map((parts) => ({
      sentences: parts.map(([s]) => s),
      note: parts.map(([s, sep], i) => (i === 0 ? s : `${sep}${s}`)).join(''),
    }));
  const title = fc.constantFrom('Senior Java Developer', 'Level 2 Support Engineer', '数据分析师');
  const digits = (text: string) => text.match(/\d+/g) ?? [];
  const facts = (text: string) => [...digits(text), ...(text.match(/\b[A-Z][a-z]+\b/g) ?? [])];
  const count = (text: string, part: string) => text.split(part).length - 1;

  it('keeps every sentence verbatim exactly once, with every number, name and date, and invents no number', () => {
    fc.assert(
      fc.property(note, title, fc.constantFrom(...LOCALES), (generated, taskTitle, language) => {
        const task = { ...TASK, title: taskTitle };
        const text = composeImprovedNote({ note: generated.note, task, language });
        expect(splitSentences(generated.note)).toEqual(generated.sentences);
        expect(listedSentences(text, language).sort()).toEqual([...generated.sentences].sort());
        for (const fact of facts(generated.note)) {
          expect(count(text, fact)).toBeGreaterThanOrEqual(count(generated.note, fact));
        }
        const known = new Set([...digits(generated.note), ...digits(taskTitle)]);
        for (const sequence of digits(text)) expect(known.has(sequence), sequence).toBe(true);
        for (const heading of headingsIn(language)) expect(text).toContain(`${heading}\n`);
        expect(chunkText(text).join('')).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
