import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARSE_LEASE_MS, parsePendingResumes, startResumeParser } from '#src/server/jobs/resume-parser.ts';
import { extractResumeFields } from '#src/server/resume/extract-fields.ts';
import { insertTask } from './helpers/rows';
import { corruptPdf, sampleDocx, samplePdf, samplePng } from './helpers/sample-files';
import { dropValues, pdfFile, postDrop, recruiter, type UploadFile } from './helpers/talent-fixtures';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const NOW = new Date('2026-11-22T02:00:00.000Z');

describe('reading fields from a resume’s text', () => {
  it('finds the skills of a Skills section, and known skills anywhere', () => {
    const found = extractResumeFields(
      'SKILLS:\n• Negotiation; Key Account Handling\n- Bahasa Malaysia / English\nExperience\nBuilt dashboards in Power BI.',
      NOW,
    );
    // Languages are not skills (issue 42.17).
    expect(found.skills).toEqual(['Negotiation', 'Key Account Handling', 'Power BI']);
  });

  // Issue 42.17: "Bahasa Melayu" and "English" read as skills, "Excel" kept beside "Microsoft Excel".
  it('leaves languages out of the skills, and a skill said shorter beside its full name', () => {
    const found = extractResumeFields(
      'Skills\nMicrosoft Excel, Java, JavaScript, Bahasa Melayu (native), English (fluent), 普通话\n' +
        'Experience\nReports in Excel and Microsoft Office.',
      NOW,
    );
    expect(found.skills).toEqual(['Microsoft Excel', 'Java', 'JavaScript', 'Microsoft Office']);
  });

  // Issue 42.17 again, on whole resumes: the languages fill the form's languages (its codes), a skill
  // written two ways is listed once, and the education level and the town the talent lives in are read.
  it('reads an English resume: languages as languages, one entry per skill, education and where they live', () => {
    const found = extractResumeFields(
      [
        'NUR AISYAH BINTI AHMAD',
        'No. 12, Jalan SS 2/24, 47300 Petaling Jaya, Selangor',
        '+60 12-345 6789 | nur.aisyah@example.com',
        'PROFESSIONAL SUMMARY',
        'Accounts executive with 6 years in audit and payroll.',
        'SKILLS',
        'Microsoft Excel, Excel, SAP, JS, JavaScript, Payroll',
        'Bahasa Melayu (native), English (fluent)',
        'LANGUAGES',
        'English - Fluent',
        'Bahasa Malaysia - Native',
        'Mandarin - Basic',
        'WORK EXPERIENCE',
        'Accounts Executive, Maju Holdings Sdn Bhd, Kuala Lumpur (Mar 2020 - Present)',
        'EDUCATION',
        'Bachelor of Accounting (Hons), Universiti Teknologi MARA (2014 - 2018)',
        'SPM, SMK Seksyen 9 Shah Alam (2012)',
      ].join('\n'),
      NOW,
    );
    expect(found.skills).toEqual(['Microsoft Excel', 'SAP', 'JavaScript', 'Payroll', 'Accounting']);
    expect(found.languages).toEqual(['en', 'ms', 'zh']);
    expect(found.educationLevel).toBe('Degree');
    // Where she lives (the address under her name), not where she works (Kuala Lumpur) or studied.
    expect(found).toMatchObject({ location: 'Petaling Jaya', country: 'Malaysia' });
  });

  it('reads a Malay resume: Bahasa section, "MS Office" beside "Microsoft Office", Diploma, the Alamat line', () => {
    const found = extractResumeFields(
      [
        'RESUME',
        'MUHAMMAD HAFIZ BIN ISMAIL',
        'MAKLUMAT PERIBADI',
        'Alamat: No. 8, Lorong Mawar 3, Taman Sri Muda, 40400 Shah Alam, Selangor',
        'Telefon: 013-456 7890',
        'E-mel: hafiz.ismail@example.my',
        'OBJEKTIF',
        'Mencari jawatan sebagai juruteknik elektrik.',
        'KEMAHIRAN',
        'Pendawaian Elektrik, PLC, AutoCAD, MS Office, Microsoft Office',
        'Bahasa Melayu - Fasih',
        'BAHASA',
        'Bahasa Melayu - Fasih',
        'Bahasa Inggeris - Baik',
        'PENGALAMAN KERJA',
        'Juruteknik Elektrik, Syarikat Jaya Elektrik Sdn Bhd, Johor Bahru (Jan 2019 - Sekarang)',
        'PENDIDIKAN',
        'Diploma Kejuruteraan Elektrik, Politeknik Ungku Omar (2015 - 2018)',
        'SPM (2014)',
      ].join('\n'),
      NOW,
    );
    expect(found.skills).toEqual(['Pendawaian Elektrik', 'PLC', 'AutoCAD', 'Microsoft Office']);
    expect(found.languages).toEqual(['en', 'ms']);
    expect(found.educationLevel).toBe('Diploma');
    expect(found).toMatchObject({ location: 'Shah Alam', country: 'Malaysia' });
    expect(found.summary).toBe('Mencari jawatan sebagai juruteknik elektrik.');
  });

  it('reads a Chinese resume’s languages, degree and town, and a resume that names no place', () => {
    const found = extractResumeFields(
      [
        '陈美玲',
        '地址：柔佛州新山市',
        '技能',
        '会计, Excel, Microsoft Excel',
        '语言',
        '中文（母语）, 英语, 马来语',
        '教育背景',
        '会计学士学位',
      ].join('\n'),
      NOW,
    );
    expect(found.skills).toEqual(['会计', 'Microsoft Excel']);
    expect(found.languages).toEqual(['en', 'ms', 'zh']);
    expect(found.educationLevel).toBe('Degree');
    expect(found).toMatchObject({ location: 'Johor Bahru', country: 'Malaysia' });

    const nowhere = extractResumeFields('Tan Wei Ming\nSkills\nTypeScript, TS\nLanguages: English and Tamil', NOW);
    expect(nowhere).toMatchObject({ skills: ['TypeScript'], languages: ['en', 'ta'], location: null, country: null });
  });

  it('reads the years of experience as stated, or adds up the date ranges of the jobs', () => {
    expect(extractResumeFields('I have 5+ years of experience in sales.', NOW).yearsOfExperience).toBe(5);
    expect(extractResumeFields('Experience: 12 years', NOW).yearsOfExperience).toBe(12);
    expect(extractResumeFields('7 tahun pengalaman dalam logistik', NOW).yearsOfExperience).toBe(7);
    const ranges = [
      'Work Experience',
      'Store Manager, Kedai Besar (Jan 2022 - Present)',
      'Cashier, Kedai Kecil (Mar 2018 – Dec 2021)',
      'Part-time, Kedai Kecil (2019 - 2020)',
      'Education',
      'Diploma in Retail Management (2014 - 2017)',
    ].join('\n');
    // Jan 2022–Nov 2026 and Mar 2018–Dec 2021 (the part-time job overlaps): 59 + 46 months.
    expect(extractResumeFields(ranges, NOW).yearsOfExperience).toBe(8);
    expect(extractResumeFields('No dates here.', NOW).yearsOfExperience).toBeNull();
  });

  it('reads the current position from a labelled line, or the first job listed', () => {
    expect(extractResumeFields('Current Position: Regional Sales Manager', NOW).currentPosition).toBe(
      'Regional Sales Manager',
    );
    expect(
      extractResumeFields('Experience\nWarehouse Supervisor at DHL (2020 - Present)\nForklift operator', NOW)
        .currentPosition,
    ).toBe('Warehouse Supervisor');
  });

  it('maps the highest qualification to the education levels', () => {
    const level = (text: string) => extractResumeFields(text, NOW).educationLevel;
    expect(level('PhD in Chemistry, Universiti Malaya')).toBe('PHD');
    expect(level('Master of Business Administration (MBA)')).toBe('Master');
    expect(level('Certified Scrum Master\nBachelor of Science')).toBe('Degree');
    expect(level('Ijazah Sarjana Muda Perakaunan')).toBe('Degree');
    expect(level('Diploma in Logistics')).toBe('Diploma');
    expect(level('Sijil Kemahiran Malaysia (SKM) Level 3')).toBe('Vocational');
    expect(level('Certificate in Food Handling')).toBe('Certificates');
    expect(level('SPM 2015, 6A')).toBe('Secondary School');
    expect(level('UPSR')).toBe('Primary School');
    expect(level('Nothing about studies')).toBeNull();
  });

  it('keeps a short summary from a Summary or Profile section', () => {
    const found = extractResumeFields(`Profile\n${'Reliable and friendly. '.repeat(60)}\nSkills\nCooking`, NOW);
    expect(found.summary?.length).toBeLessThanOrEqual(600);
    expect(found.summary).toMatch(/^Reliable and friendly\./);
    expect(found.summary).toMatch(/\.$/);
  });
});

describe.each(DIALECTS)('parsing dropped resumes on %s', (dialect) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof recruiter>>;
  let taskId: number;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    me = await recruiter(t, 'me@example.com');
    taskId = await insertTask(t);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  const drop = async (file: UploadFile, values: Record<string, string> = {}) => {
    const res = await postDrop(t, me.token, dropValues(taskId, { educationLevel: 'Others', ...values }), file);
    expect(res.status).toBe(201);
    return (await res.json()).data as { talentId: number; parseStatus: string };
  };
  const talent = async (id: number) => {
    const res = await t.request(`/api/recruiter/talent/${id}`, { headers: bearer(me.token) });
    return (await res.json()).data;
  };
  const quietWarnings = () => vi.spyOn(console, 'warn').mockImplementation(() => {});

  it('reads a PDF resume and fills the profile: skills, years, position, education, summary', async () => {
    const { talentId, parseStatus } = await drop(pdfFile());
    expect(parseStatus).toBe('PENDING');
    expect(await parsePendingResumes(t.deps)).toBe(1);
    expect(await talent(talentId)).toMatchObject({
      parseStatus: 'DONE',
      skills: expect.arrayContaining(['Negotiation', 'CRM', 'Microsoft Office']),
      yearsOfExperience: 6,
      currentPosition: 'Senior Sales Executive',
      educationLevel: 'Degree',
      hasWorkExperience: true,
      summary: 'Customer-focused sales executive who beats her targets.',
    });
    const row = await t.db.selectFrom('talents').select('resume_text').executeTakeFirstOrThrow();
    expect(row.resume_text).toContain('Aisyah binti Rahman');
  });

  it('reads a DOCX resume', async () => {
    const docx = await sampleDocx([
      'Tan Wei Ming',
      'Professional Summary',
      'Backend engineer who keeps payment systems fast.',
      'Technical Skills',
      'TypeScript, PostgreSQL, Docker',
      'Experience',
      'Software Engineer, Kopi Digital (Feb 2019 - Present)',
      'Junior Developer, Startup Sdn Bhd (Jun 2016 - Jan 2019)',
      'Education',
      'Master of Computer Science, Universiti Malaya',
    ]);
    const { talentId } = await drop({
      bytes: docx,
      name: 'TanWeiMing.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    await parsePendingResumes(t.deps);
    expect(await talent(talentId)).toMatchObject({
      parseStatus: 'DONE',
      skills: expect.arrayContaining(['TypeScript', 'PostgreSQL', 'Docker']),
      yearsOfExperience: 10,
      currentPosition: 'Software Engineer',
      educationLevel: 'Master',
      summary: 'Backend engineer who keeps payment systems fast.',
    });
  });

  // Issue 42.17 through the real drop: a Malay Word resume whose skills list its languages and a skill
  // written two ways. Profile completion offers the skills without them, and the CV's education level.
  it('reads a Malay DOCX resume dropped for real: no languages among the skills, one entry per skill', async () => {
    const docx = await sampleDocx([
      'NUR AISYAH BINTI AHMAD',
      'Alamat: 12, Jalan Bunga Raya, 50450 Kuala Lumpur',
      'KEMAHIRAN',
      'Microsoft Excel, Excel, JS, JavaScript, Bahasa Melayu (ibunda), English - Fluent, Mandarin: asas',
      'PENGALAMAN KERJA',
      'Eksekutif Akaun, Maju Holdings Sdn Bhd (Mar 2020 - Sekarang)',
      'PENDIDIKAN',
      'Ijazah Sarjana Muda Perakaunan, Universiti Teknologi MARA (2014 - 2018)',
    ]);
    const { talentId } = await drop({
      bytes: docx,
      name: 'NurAisyah.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    await parsePendingResumes(t.deps);
    const found = await talent(talentId);
    expect(found).toMatchObject({ parseStatus: 'DONE', educationLevel: 'Degree', currentPosition: 'Eksekutif Akaun' });
    expect(found.skills).toEqual(['Microsoft Excel', 'JavaScript']);
  });

  it('fills only what is still empty: what the recruiter typed stays', async () => {
    const { talentId } = await drop(pdfFile(), { educationLevel: 'Diploma' });
    await t.db
      .updateTable('talents')
      .set({ skills: '["Cooking"]', years_of_experience: 2, current_position: 'Chef', summary: 'Cooks.' })
      .where('id', '=', talentId)
      .execute();
    await parsePendingResumes(t.deps);
    expect(await talent(talentId)).toMatchObject({
      parseStatus: 'DONE',
      skills: ['Cooking'],
      yearsOfExperience: 2,
      currentPosition: 'Chef',
      educationLevel: 'Diploma',
      summary: 'Cooks.',
    });
  });

  it('never parses an image resume', async () => {
    const { talentId, parseStatus } = await drop({ bytes: samplePng(), name: 'cv.png' });
    expect(parseStatus).toBe('SKIPPED');
    expect(await parsePendingResumes(t.deps)).toBe(0);
    expect((await talent(talentId)).parseStatus).toBe('SKIPPED');
  });

  it('marks a resume that cannot be read FAILED, and still reads the next one', async () => {
    const warn = quietWarnings();
    const broken = await drop(pdfFile(corruptPdf(), 'broken.pdf'));
    const good = await drop(pdfFile(samplePdf(), 'good.pdf'), { email: 'b@example.com', phone: '0161234567' });
    expect(await parsePendingResumes(t.deps)).toBe(2);
    expect((await talent(broken.talentId)).parseStatus).toBe('FAILED');
    expect((await talent(good.talentId)).parseStatus).toBe('DONE');
    expect(JSON.parse(String(warn.mock.calls[0]?.[0]))).toMatchObject({
      talentId: broken.talentId,
      msg: 'the resume could not be read',
    });
  });

  it('marks a resume whose stored file is gone FAILED', async () => {
    quietWarnings();
    const { talentId } = await drop(pdfFile());
    const file = await t.db.selectFrom('files').select('storage_key').executeTakeFirstOrThrow();
    await t.deps.storage.delete(file.storage_key);
    await parsePendingResumes(t.deps);
    expect((await talent(talentId)).parseStatus).toBe('FAILED');
  });

  it('parses a resume once when two passes run at the same time', async () => {
    await drop(pdfFile());
    const handled = await Promise.all([parsePendingResumes(t.deps), parsePendingResumes(t.deps)]);
    expect(handled[0] + handled[1]).toBe(1);
  });

  it('takes over a parse left unfinished for more than two minutes (a crashed instance)', async () => {
    const { talentId } = await drop(pdfFile());
    await t.db
      .updateTable('talents')
      .set({ parse_status: 'PARSING', updated_at: t.clock.now().toISOString() })
      .where('id', '=', talentId)
      .execute();
    t.clock.advance(PARSE_LEASE_MS - 1000);
    expect(await parsePendingResumes(t.deps)).toBe(0);
    t.clock.advance(2000);
    expect(await parsePendingResumes(t.deps)).toBe(1);
    expect((await talent(talentId)).parseStatus).toBe('DONE');
  });

  it('reads a dropped resume at once when the server’s parser runs, without waiting for a poll', async () => {
    const parser = startResumeParser(t.deps, { intervalMs: 60_000 });
    try {
      await parser.runOnce(); // the start-up pass has found nothing
      const { talentId } = await drop(pdfFile());
      // Well under the 60 s poll, so only the drop's own wake-up can have done it; inside the test's 20 s.
      // Not 5 s: the reader's child process starts for this first file and loads pdf.js, which took longer
      // than that once in CI with every other test file running on the machine's two cores.
      await vi.waitFor(
        async () => {
          expect((await talent(talentId)).parseStatus).toBe('DONE');
        },
        { timeout: 15_000, interval: 50 },
      );
    } finally {
      await parser.stop();
    }
  });
});
