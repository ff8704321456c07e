import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { extractContact } from '#src/server/resume/extract-contact.ts';
import { installWriteLog, writeMark, writesSince } from './helpers/route-catalog';
import { corruptPdf, MEDIA_SAMPLES, sampleCfb, sampleDocx, samplePng } from './helpers/sample-files';
import { multipart, pdfFile, recruiter, type UploadFile } from './helpers/talent-fixtures';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 21, "Contact fields read from the resume": the drop form asks the server what a picked resume
// says of the talent's name, e-mail and phone, and (issue 42.17) of the languages, education level and
// location the form also asks for. A read, nothing more: no row, no file, no log.

const NOTHING = { fullName: null, email: null, phoneCountryCode: null, phone: null };
const NOTHING_READ = { ...NOTHING, languages: [], educationLevel: null, location: null, country: null };

describe('reading the contact fields from a resume’s text', () => {
  it('reads a Malaysian resume: the name on the first line, the e-mail, and a +60 mobile', () => {
    expect(extractContact('Aisyah binti Rahman\naisyah@example.com | +60 12-345 6789\nSummary\nSales.')).toEqual({
      fullName: 'Aisyah binti Rahman',
      email: 'aisyah@example.com',
      phoneCountryCode: '+60',
      phone: '012-345 6789',
    });
  });

  it('reads a Malaysian local mobile written without the country code', () => {
    const found = extractContact('Siti Nur Aisyah\nTel: 013-456 7890\nExperience\nCashier (2018 - 2021)');
    expect(found).toMatchObject({ fullName: 'Siti Nur Aisyah', phoneCountryCode: '+60', phone: '013-456 7890' });
  });

  it('reads an Indonesian number, with the trunk zero some write after the code', () => {
    expect(extractContact('Budi Santoso\nHP: +62 (0)812-3456-7890')).toMatchObject({
      phoneCountryCode: '+62',
      phone: '0812-3456-7890',
    });
    expect(extractContact('Budi Santoso\nWhatsApp +6281234567890').phoneCountryCode).toBe('+62');
  });

  it('reads a Singaporean number in brackets', () => {
    expect(extractContact('Tan Wei Ming\nMobile: (+65) 9123 4567\ntan.wm@example.sg')).toEqual({
      fullName: 'Tan Wei Ming',
      email: 'tan.wm@example.sg',
      phoneCountryCode: '+65',
      phone: '9123 4567',
    });
  });

  it('skips a "Curriculum Vitae" title and takes a labelled name, tidied from capitals', () => {
    expect(extractContact('CURRICULUM VITAE\nProfile\nName: NUR AISYAH BINTI AHMAD\nE-mail: nur@example.com')).toEqual({
      fullName: 'Nur Aisyah binti Ahmad',
      email: 'nur@example.com',
      phoneCountryCode: null,
      phone: null,
    });
    expect(extractContact('Curriculum Vitae\nResume\nLim Mei Ling\n').fullName).toBe('Lim Mei Ling');
  });

  it('finds nothing in a text without contact details, and takes neither years nor headings for them', () => {
    expect(
      extractContact('Curriculum Vitae\nProfile\nExperience\nSales, 2012 - 2016\nEducation\nDiploma 2010-2012'),
    ).toEqual(NOTHING);
    expect(extractContact('')).toEqual(NOTHING);
  });

  it('reads no number in a code the phone field does not offer, nor one that is not valid', () => {
    expect(extractContact('Ali Hassan\n+971 50 123 4567').phone).toBeNull();
    expect(extractContact('Ali Hassan\n+60 12-34').phone).toBeNull();
  });
});

describe.each(DIALECTS)('POST /api/recruiter/talent/resume-contact on %s', (dialect) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof recruiter>>;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    await installWriteLog(t, dialect);
    me = await recruiter(t, 'me@example.com');
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  const ask = (file: UploadFile, token: string | null = me.token, headers: Record<string, string> = {}) =>
    t.request('/api/recruiter/talent/resume-contact', {
      method: 'POST',
      headers: { ...(token ? bearer(token) : {}), ...headers },
      body: multipart({}, file),
    });

  const storedFiles = () => {
    const dir = path.join(t.env.DATA_DIR, 'files');
    return existsSync(dir) ? readdirSync(dir, { recursive: true }) : [];
  };

  it('reads the name, e-mail and phone of a PDF, and stores and logs nothing', async () => {
    const logs = (['log', 'info', 'warn', 'error', 'debug'] as const).map((name) => vi.spyOn(console, name));
    const stdout = vi.spyOn(process.stdout, 'write');
    const mark = await writeMark(t);
    // With an Idempotency-Key too: the answer (someone's contact details) is not kept for a replay.
    const res = await ask(pdfFile(), me.token, { 'Idempotency-Key': crypto.randomUUID() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: {
        fullName: 'Aisyah binti Rahman',
        email: 'aisyah@example.com',
        phoneCountryCode: '+60',
        phone: '012-345 6789',
        // "Bachelor of Business Administration"; the resume names no language and no town.
        languages: [],
        educationLevel: 'Degree',
        location: null,
        country: null,
      },
    });
    expect(await writesSince(t, mark)).toEqual([]);
    expect(storedFiles()).toEqual([]);
    const logged = [...logs, stdout].flatMap((spy) => spy.mock.calls.map((call) => String(call[0])));
    expect(logged.filter((line) => /aisyah|345 ?6789/i.test(line))).toEqual([]);
  });

  it('reads a Word (DOCX) resume with a title line and a labelled name', async () => {
    const docx = await sampleDocx([
      'CURRICULUM VITAE',
      'Name: Budi Santoso',
      'Email: budi.santoso@example.co.id',
      'Phone: +62 812-3456-7890',
      'Experience',
      'Warehouse Supervisor (2019 - Present)',
    ]);
    const mark = await writeMark(t);
    const res = await ask({ bytes: docx, name: 'budi.docx' });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({
      ...NOTHING_READ,
      fullName: 'Budi Santoso',
      email: 'budi.santoso@example.co.id',
      phoneCountryCode: '+62',
      phone: '0812-3456-7890',
    });
    expect(await writesSince(t, mark)).toEqual([]);
  });

  // Issue 42.17: the CV held them, and the form was left to fill its languages, education and location.
  it('reads the languages, education level and town of a Malay Word resume for the drop form', async () => {
    const docx = await sampleDocx([
      'MUHAMMAD HAFIZ BIN ISMAIL',
      'MAKLUMAT PERIBADI',
      'Alamat: No. 8, Lorong Mawar 3, Taman Sri Muda, 40400 Shah Alam, Selangor',
      'Telefon: 013-456 7890',
      'E-mel: hafiz.ismail@example.my',
      'KEMAHIRAN',
      'Pendawaian Elektrik, PLC, MS Office, Microsoft Office',
      'BAHASA',
      'Bahasa Melayu - Fasih',
      'Bahasa Inggeris - Baik',
      'Mandarin - Asas',
      'PENGALAMAN KERJA',
      'Juruteknik Elektrik, Syarikat Jaya Elektrik Sdn Bhd, Johor Bahru (Jan 2019 - Sekarang)',
      'PENDIDIKAN',
      'Diploma Kejuruteraan Elektrik, Politeknik Ungku Omar (2015 - 2018)',
      'SPM (2014)',
    ]);
    const res = await ask({ bytes: docx, name: 'hafiz.docx' });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({
      fullName: 'Muhammad Hafiz bin Ismail',
      email: 'hafiz.ismail@example.my',
      phoneCountryCode: '+60',
      phone: '013-456 7890',
      languages: ['en', 'ms', 'zh'],
      educationLevel: 'Diploma',
      location: 'Shah Alam',
      country: 'Malaysia',
    });
  });

  it('answers all null for an image, an old .doc and a PDF it cannot read: not an error', async () => {
    const files: NonNullable<UploadFile>[] = [
      { bytes: samplePng(), name: 'cv.png', type: 'image/png' },
      { bytes: MEDIA_SAMPLES.jpeg, name: 'cv.jpg', type: 'image/jpeg' },
      { bytes: sampleCfb(), name: 'cv.doc', type: 'application/msword' },
      { bytes: corruptPdf(), name: 'cv.pdf', type: 'application/pdf' },
    ];
    for (const file of files) {
      const res = await ask(file);
      expect(res.status, file.name).toBe(200);
      expect((await res.json()).data, file.name).toEqual(NOTHING_READ);
    }
  });

  it('refuses what the drop refuses, with the same error shape', async () => {
    const missing = await ask(null);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ success: false, error: { fields: { file: 'file_required' } } });

    const exe = await ask({ bytes: new Uint8Array(Buffer.from('MZ'.padEnd(600, '\0'))), name: 'cv.pdf' });
    expect(exe.status).toBe(415);
    expect(await exe.json()).toMatchObject({ error: { code: 'UNSUPPORTED_FILE_TYPE' } });

    const big = await ask({ bytes: new Uint8Array(5_000_001), name: 'cv.pdf', type: 'application/pdf' });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: { code: 'RESUME_TOO_LARGE' } });

    const text = await t.request('/api/recruiter/talent/resume-contact', {
      method: 'POST',
      headers: bearer(me.token),
      body: multipart({ file: 'not a file' }),
    });
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { file: 'file_invalid' } } });
  });

  it('answers 401 without a session and 403 to an admin who is not a recruiter, reading nothing', async () => {
    const admin = await t.createUser({ email: 'admin@example.com', roles: ['ROLE_ADMIN'] });
    const { accessToken } = await t.login(admin.email);
    const mark = await writeMark(t);
    const anonymous = await ask(pdfFile(), null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('Aisyah');

    const forbidden = await ask(pdfFile(), accessToken);
    expect(forbidden.status).toBe(403);
    const body = await forbidden.text();
    expect(JSON.parse(body)).toMatchObject({ success: false, error: { code: expect.any(String) } });
    expect(body).not.toContain('Aisyah');
    expect(await writesSince(t, mark)).toEqual([]);
  });
});
