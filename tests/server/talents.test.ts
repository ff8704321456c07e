import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_MESSAGES } from '#src/shared/error-codes.ts';
import { insertPromo, insertTask } from './helpers/rows';
import { pdfOfSize, sampleCfb, sampleExe, samplePdf, samplePng } from './helpers/sample-files';
import {
  completionValues,
  type DropValues,
  dropValues,
  pdfFile,
  postCompletion,
  postDrop,
  recruiter,
} from './helpers/talent-fixtures';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const DAY = 24 * 60 * 60_000;

describe.each(DIALECTS)('adding talents on %s', (dialect) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof recruiter>>;
  let taskId: number;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    me = await recruiter(t, 'me@example.com');
    taskId = await insertTask(t);
  });
  afterEach(async () => {
    await t.close();
  });

  // Every object under DATA_DIR/files: a refused drop must leave none behind.
  const storedObjects = () => {
    const root = path.join(t.env.DATA_DIR, 'files');
    try {
      return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
    } catch {
      return 0;
    }
  };
  const count = async (table: 'files' | 'talents' | 'referrals' | 'email_outbox') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const drop = async (values = dropValues(taskId), file = pdfFile(), token = me.token) => {
    const res = await postDrop(t, token, values, file);
    return { res, body: await res.json() };
  };
  const complete = async (values: Record<string, string | undefined>, token = me.token) => {
    const res = await postCompletion(t, token, values);
    return { res, body: await res.json() };
  };

  describe('the resume drop', () => {
    it('adds a talent from a PDF resume, joins the task and queues the resume for parsing', async () => {
      const { res, body } = await drop(dropValues(taskId, { recruiterNote: '  Met her at a job fair.  ' }));
      expect(res.status).toBe(201);
      expect(body.data).toEqual({ talentId: expect.any(Number), taskId, parseStatus: 'PENDING', created: true });

      const talent = await t.db
        .selectFrom('talents')
        .selectAll()
        .where('id', '=', body.data.talentId)
        .executeTakeFirstOrThrow();
      expect(talent).toMatchObject({
        recruiter_id: me.id,
        full_name: 'Aisyah binti Rahman',
        email_normalized: 'aisyah@example.com',
        country_code: '+60',
        phone_e164: '+60123456789',
        expected_salary: 450000,
        expected_salary_currency: 'MYR',
        contact_locale: 'en',
        draft_note: 'Met her at a job fair.',
        parse_status: 'PENDING',
      });
      const file = await t.db
        .selectFrom('files')
        .selectAll()
        .where('id', '=', talent.resume_file_id as number)
        .executeTakeFirstOrThrow();
      expect(file).toMatchObject({ owner_id: me.id, purpose: 'RESUME', mime_type: 'application/pdf' });
      expect(file.original_name).toBe('Aisyah_CV.pdf');
      // A server key, never the uploaded name.
      expect(file.storage_key).toMatch(/^resume\/\d{4}-\d{2}\/[0-9a-f-]{36}\.pdf$/);
      expect(Buffer.from((await t.deps.storage.get(file.storage_key)) as Uint8Array)).toEqual(samplePdf());
      const joined = await t.db
        .selectFrom('recruiter_tasks')
        .selectAll()
        .where('recruiter_id', '=', me.id)
        .where('task_id', '=', taskId)
        .execute();
      expect(joined).toHaveLength(1);
    });

    it('stores the expected salary in the currency’s minor units', async () => {
      const yen = await drop(dropValues(taskId, { expectedSalary: '300000', expectedSalaryCurrency: 'JPY' }));
      const dinar = await drop(
        dropValues(await insertTask(t), {
          email: 'b@example.com',
          phone: '0129876543',
          expectedSalary: '1250.5',
          expectedSalaryCurrency: 'KWD',
        }),
      );
      const salaries = await t.db
        .selectFrom('talents')
        .select(['id', 'expected_salary'])
        .where('id', 'in', [yen.body.data.talentId, dinar.body.data.talentId])
        .orderBy('id')
        .execute();
      expect(salaries.map((s) => s.expected_salary)).toEqual([300000, 1250500]);
    });

    it('writes to the talent in Malay or Chinese when they do not speak English, unless told otherwise', async () => {
      const ms = await drop(dropValues(taskId, { languages: '["ms","ta"]' }));
      const zh = await drop(dropValues(taskId, { email: 'wei@example.com', phone: '0161234567', languages: '["zh"]' }));
      const chosen = await drop(
        dropValues(taskId, {
          email: 'li@example.com',
          phone: '0171234567',
          languages: '["en","zh"]',
          contactLocale: 'zh',
        }),
      );
      const locales = await t.db
        .selectFrom('talents')
        .select('contact_locale')
        .where('id', 'in', [ms.body.data.talentId, zh.body.data.talentId, chosen.body.data.talentId])
        .orderBy('id')
        .execute();
      expect(locales.map((l) => l.contact_locale)).toEqual(['ms', 'zh', 'zh']);
    });

    it('answers each invalid field with its own message key', async () => {
      const { res, body } = await drop({
        fullName: ' ',
        email: 'not-an-email',
        countryCode: 'abc',
        phone: 'call me',
        languages: '[]',
        educationLevel: 'Bachelor',
        country: '',
        location: 'x'.repeat(121),
        expectedSalary: '-5',
        expectedSalaryCurrency: 'XYZ',
        taskId: 'seven',
        recruiterNote: 'n'.repeat(4001),
      });
      expect(res.status).toBe(400);
      expect(body.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: {
          fullName: 'field_required',
          email: 'email_invalid',
          countryCode: 'country_code_invalid',
          phone: 'phone_invalid',
          languages: 'languages_required',
          educationLevel: 'education_required',
          country: 'field_required',
          location: 'field_too_long',
          expectedSalary: 'salary_invalid',
          expectedSalaryCurrency: 'currency_invalid',
          taskId: 'field_required',
          recruiterNote: 'field_too_long',
        },
      });
      expect(await count('talents')).toBe(0);
    });

    // Issue 22, finding 11: the talent's name goes into the consent e-mail; it may not carry a link or lines.
    // Issue 43.3: a bare domain too (person-name.test.ts has the rule's cases).
    it('refuses a name holding a web or e-mail address or a line break, and keeps "Dr. Tan" and "a/l"', async () => {
      for (const fullName of [
        'Aminah\nClick here',
        'Visit https://evil.example',
        'www.evil.example',
        'me@evil.example',
        'bit.ly/x1',
        'paypal-verify.net',
        'evil\u3002com',
      ]) {
        const bad = await drop(dropValues(taskId, { fullName }));
        expect(bad.res.status, fullName).toBe(400);
        expect(bad.body.error.fields, fullName).toEqual({ fullName: 'name_invalid' });
      }
      expect(await count('talents')).toBe(0);
      const good = await drop(dropValues(taskId, { fullName: 'Dr. Muthu a/l Raman' }));
      expect(good.res.status).toBe(201);
    });

    it('refuses a phone number that is not real for its country code, and missing fields', async () => {
      const bad = await drop(dropValues(taskId, { phone: '12345' }));
      expect(bad.res.status).toBe(400);
      expect(bad.body.error.fields).toEqual({ phone: 'phone_invalid' });
      const missing = await drop({ taskId: String(taskId) });
      expect(missing.res.status).toBe(400);
      expect(Object.keys(missing.body.error.fields)).toEqual(
        expect.arrayContaining(['fullName', 'email', 'countryCode', 'phone', 'languages', 'educationLevel', 'country']),
      );
    });

    it('asks for the file when none is sent', async () => {
      const { res, body } = await drop(dropValues(taskId), null);
      expect(res.status).toBe(400);
      expect(body.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { file: 'file_required' } });
    });

    it('accepts a resume of exactly 5,000,000 bytes and refuses one of 5,000,001 with the seed message', async () => {
      const fits = await drop(dropValues(taskId), pdfFile(pdfOfSize(5_000_000)));
      expect(fits.res.status).toBe(201);
      const file = await t.db.selectFrom('files').select('size').executeTakeFirstOrThrow();
      expect(file.size).toBe(5_000_000);

      const other = await insertTask(t);
      const tooBig = await drop(dropValues(other), pdfFile(pdfOfSize(5_000_001)));
      expect(tooBig.res.status).toBe(413);
      expect(tooBig.body.error).toMatchObject({
        code: 'RESUME_TOO_LARGE',
        message: SEED_MESSAGES.resumeTooLarge,
        fields: { file: 'resume_too_large' },
      });
      expect(await count('files')).toBe(1);
    });

    it('refuses an executable renamed .pdf, whatever Content-Type it claims', async () => {
      const { res, body } = await drop(dropValues(taskId), {
        bytes: sampleExe(),
        name: 'resume.pdf',
        type: 'application/pdf',
      });
      expect(res.status).toBe(415);
      expect(body.error.code).toBe('UNSUPPORTED_FILE_TYPE');
      expect(await count('files')).toBe(0);
      expect(storedObjects()).toBe(0);
    });

    it('accepts a PDF whatever its name and Content-Type, and keeps the detected type', async () => {
      const { res } = await drop(dropValues(taskId), {
        bytes: samplePdf(),
        name: 'cv.exe',
        type: 'application/x-msdownload',
      });
      expect(res.status).toBe(201);
      const file = await t.db.selectFrom('files').selectAll().executeTakeFirstOrThrow();
      expect(file).toMatchObject({ mime_type: 'application/pdf', original_name: 'cv.pdf' });
    });

    it('accepts an old Word .doc by its compound-file header, but not the same bytes named .xls', async () => {
      const doc = await drop(dropValues(taskId), { bytes: sampleCfb(), name: 'CV.doc' });
      expect(doc.res.status).toBe(201);
      // Nothing reads .doc text: the profile is completed by hand.
      expect(doc.body.data.parseStatus).toBe('SKIPPED');
      const xls = await drop(dropValues(await insertTask(t)), { bytes: sampleCfb(), name: 'CV.xls' });
      expect(xls.res.status).toBe(415);
    });

    it('stores a photographed resume without parsing it', async () => {
      const { res, body } = await drop(dropValues(taskId), { bytes: samplePng(), name: 'cv.png', type: 'image/png' });
      expect(res.status).toBe(201);
      expect(body.data.parseStatus).toBe('SKIPPED');
      const file = await t.db.selectFrom('files').selectAll().executeTakeFirstOrThrow();
      expect(file.mime_type).toBe('image/png');
    });

    it('refuses an unknown task (404) and a closed or expired one (409), storing nothing', async () => {
      const unknown = await drop(dropValues(999_999));
      expect(unknown.res.status).toBe(404);
      const closed = await drop(dropValues(await insertTask(t, { status: 'CLOSED' })));
      expect(closed.res.status).toBe(409);
      expect(closed.body.error.code).toBe('CONFLICT');
      const past = new Date(t.clock.now().getTime() - DAY).toISOString();
      const expired = await drop(dropValues(await insertTask(t, { expires_at: past })));
      expect(expired.res.status).toBe(409);
      expect(expired.body.error.message).toMatch(/expired/);
      expect(await count('files')).toBe(0);
      expect(storedObjects()).toBe(0);
    });
  });

  describe('duplicates', () => {
    // Another recruiter refers Aisyah to the task first.
    const referredByOther = async (values: Record<string, string> = {}) => {
      const other = await recruiter(t, 'other@example.com');
      const dropped = await drop(dropValues(taskId, values), pdfFile(), other.token);
      expect(dropped.res.status).toBe(201);
      const done = await complete(completionValues(dropped.body.data.talentId, taskId), other.token);
      expect(done.res.status).toBe(201);
      return other;
    };
    const nothingStoredBeyond = async (files: number, talents: number) => {
      expect(await count('files')).toBe(files);
      expect(await count('talents')).toBe(talents);
      expect(storedObjects()).toBe(files);
    };

    it('refuses a person another recruiter already referred, matching the e-mail in any case, and stores nothing', async () => {
      await referredByOther();
      const { res, body } = await drop(dropValues(taskId, { email: 'AISYAH@Example.COM', phone: '0198887777' }));
      expect(res.status).toBe(409);
      expect(body.error).toMatchObject({
        code: 'DUPLICATE_REFERRAL',
        message: 'This e-mail (aisyah@example.com) has already been referred to this task.',
        fields: { email: 'duplicate_email' },
      });
      await nothingStoredBeyond(1, 1);
    });

    it('matches the phone however it is typed', async () => {
      await referredByOther({ phone: '+60 12-345 6789' });
      const { res, body } = await drop(dropValues(taskId, { email: 'someone.else@example.com', phone: '0123456789' }));
      expect(res.status).toBe(409);
      expect(body.error).toMatchObject({
        code: 'DUPLICATE_REFERRAL',
        message: 'This phone number (+60123456789) has already been referred to this task.',
        fields: { phone: 'duplicate_phone' },
      });
      await nothingStoredBeyond(1, 1);
    });

    it('tells the recruiter when the earlier referral is their own', async () => {
      const first = await drop();
      await complete(completionValues(first.body.data.talentId, taskId));
      const again = await drop();
      expect(again.res.status).toBe(409);
      expect(again.body.error.message).toBe('You have already referred this e-mail (aisyah@example.com) to this task.');
      expect(again.body.error.fields).toEqual({ email: 'duplicate_email', phone: 'duplicate_phone' });
      await nothingStoredBeyond(1, 1);
    });

    it('lets the same person be referred to another task, and by another recruiter to a task not yet taken', async () => {
      await referredByOther();
      const { res } = await drop(dropValues(await insertTask(t)));
      expect(res.status).toBe(201);
    });

    it('keeps one talent record when I drop the same person for two tasks, with the newer resume', async () => {
      const first = await drop();
      const secondTask = await insertTask(t);
      const second = await drop(
        dropValues(secondTask, { email: 'Aisyah@example.com', phone: '+60 12 345 6789', location: 'Klang' }),
        { bytes: samplePng(), name: 'cv.png' },
      );
      expect(second.res.status).toBe(201);
      expect(second.body.data).toEqual({
        talentId: first.body.data.talentId,
        taskId: secondTask,
        parseStatus: 'SKIPPED',
        created: false,
      });
      const talents = await t.db.selectFrom('talents').selectAll().execute();
      expect(talents).toHaveLength(1);
      expect(talents[0]?.location).toBe('Klang');
      // The replaced resume is gone, row and object.
      const files = await t.db.selectFrom('files').selectAll().execute();
      expect(files.map((f) => f.mime_type)).toEqual(['image/png']);
      expect(storedObjects()).toBe(1);
    });

    it('refuses a drop whose e-mail is one of my talents and whose phone is another, naming both', async () => {
      await drop();
      await drop(
        dropValues(await insertTask(t), { fullName: 'Wei Ling', email: 'wei@example.com', phone: '0161234567' }),
      );
      const { res, body } = await drop(dropValues(await insertTask(t), { phone: '0161234567' }));
      expect(res.status).toBe(409);
      expect(body.error.code).toBe('CONFLICT');
      expect(body.error.message).toContain('Aisyah binti Rahman');
      expect(body.error.message).toContain('Wei Ling');
      await nothingStoredBeyond(2, 2);
    });
  });

  describe('profile completion', () => {
    it('creates the referral, its history and one consent e-mail in the talent’s language', async () => {
      const dropped = await drop(dropValues(taskId, { languages: '["ms"]', recruiterNote: 'Sangat yakin.' }));
      const talentId = dropped.body.data.talentId;
      const { res, body } = await complete(
        completionValues(talentId, taskId, { educationLevel: 'Diploma', skills: '["Negotiation","CRM"]' }),
      );
      expect(res.status).toBe(201);
      expect(body.data).toEqual({ referralId: expect.any(Number), talentId, taskId });

      const referral = await t.db
        .selectFrom('referrals')
        .selectAll()
        .where('id', '=', body.data.referralId)
        .executeTakeFirstOrThrow();
      expect(referral).toMatchObject({
        recruiter_id: me.id,
        person_email: 'aisyah@example.com',
        person_phone: '+60123456789',
        rating: 10,
        recruiter_note: 'Sangat yakin.',
        consent_status: 'PENDING',
        ita_status: 'NOT_SENT',
        hiring_status: 'SUBMITTED',
        reward_status: null,
        promo_id: null,
      });
      const history = await t.db
        .selectFrom('referral_history')
        .select(['action', 'actor_id'])
        .where('referral_id', '=', referral.id)
        .orderBy('id')
        .execute();
      expect(history).toEqual([
        { action: 'REFERRED', actor_id: me.id },
        { action: 'CONSENT_SENT', actor_id: me.id },
      ]);
      const mails = await t.db.selectFrom('email_outbox').selectAll().execute();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to_address: 'aisyah@example.com', locale: 'ms', template: 'consent_request' });
      expect(JSON.parse(mails[0]?.payload ?? '{}').link).toMatch(
        /^https:\/\/recruiter\.example\/ms\/talent\/consent\?token=[\w-]+$/,
      );

      const talent = await t.db.selectFrom('talents').selectAll().where('id', '=', talentId).executeTakeFirstOrThrow();
      expect(talent).toMatchObject({
        education_level: 'Diploma',
        has_work_experience: 1,
        years_of_experience: 6,
        current_position: 'Senior Sales Executive',
        skills: '["Negotiation","CRM"]',
        summary: 'Beats her targets.',
        draft_note: null,
      });
    });

    it('keeps the note typed at completion over the one typed at the drop', async () => {
      const dropped = await drop(dropValues(taskId, { recruiterNote: 'First impression.' }));
      const { body } = await complete(
        completionValues(dropped.body.data.talentId, taskId, { recruiterNote: 'After the call: great fit.' }),
      );
      const referral = await t.db
        .selectFrom('referrals')
        .select('recruiter_note')
        .where('id', '=', body.data.referralId)
        .executeTakeFirstOrThrow();
      expect(referral.recruiter_note).toBe('After the call: great fit.');
    });

    it('records the running promo with the largest bonus', async () => {
      const now = t.clock.now().getTime();
      const iso = (ms: number) => new Date(now + ms).toISOString();
      await insertPromo(t, [taskId], { bonus_amount: 5000, starts_at: iso(-DAY), ends_at: iso(DAY) });
      const best = await insertPromo(t, [taskId], { bonus_amount: 9000, starts_at: iso(-DAY), ends_at: iso(DAY) });
      await insertPromo(t, [taskId], { bonus_amount: 20000, starts_at: iso(-3 * DAY), ends_at: iso(-DAY) });
      const dropped = await drop();
      const { body } = await complete(completionValues(dropped.body.data.talentId, taskId));
      const referral = await t.db
        .selectFrom('referrals')
        .select('promo_id')
        .where('id', '=', body.data.referralId)
        .executeTakeFirstOrThrow();
      expect(referral.promo_id).toBe(best);
    });

    it('answers each invalid field with its own message key', async () => {
      const dropped = await drop();
      const { res, body } = await complete({
        talentId: String(dropped.body.data.talentId),
        taskId: String(taskId),
        educationLevel: 'College',
        hasWorkExperience: 'maybe',
        yearsOfExperience: '-1',
        currentPosition: 'p'.repeat(121),
        skills: 'Negotiation, CRM',
        summary: 's'.repeat(2001),
        rating: '7',
      });
      expect(res.status).toBe(400);
      expect(body.error.fields).toEqual({
        educationLevel: 'education_required',
        hasWorkExperience: 'work_experience_required',
        yearsOfExperience: 'years_invalid',
        currentPosition: 'field_too_long',
        skills: 'skills_invalid',
        summary: 'field_too_long',
        rating: 'rating_required',
      });
      expect(await count('referrals')).toBe(0);
    });

    it('refuses the referral when someone referred the person to the task meanwhile, and sends nothing', async () => {
      const mine = await drop();
      const other = await recruiter(t, 'quick@example.com');
      const theirs = await drop(dropValues(taskId, { email: 'aisyah.r@example.com' }), pdfFile(), other.token);
      await complete(completionValues(theirs.body.data.talentId, taskId), other.token);
      const { res, body } = await complete(completionValues(mine.body.data.talentId, taskId));
      expect(res.status).toBe(409);
      expect(body.error).toMatchObject({
        code: 'DUPLICATE_REFERRAL',
        message: 'This phone number (+60123456789) has already been referred to this task.',
        fields: { phone: 'duplicate_phone' },
      });
      expect(await count('referrals')).toBe(1);
      expect(await count('email_outbox')).toBe(1);
    });

    it('refuses a task closed since the drop', async () => {
      const dropped = await drop();
      await t.db.updateTable('tasks').set({ status: 'CLOSED' }).where('id', '=', taskId).execute();
      const { res } = await complete(completionValues(dropped.body.data.talentId, taskId));
      expect(res.status).toBe(409);
      expect(await count('referrals')).toBe(0);
    });
  });

  describe('the talents folder', () => {
    const list = async (query = '', token = me.token) => {
      const res = await t.request(`/api/recruiter/talent${query}`, { headers: bearer(token) });
      expect(res.status).toBe(200);
      return (await res.json()).data;
    };
    // Three of my talents (Aisyah referred, Wei Ling and Ravi only dropped) and one of another recruiter.
    const folder = async () => {
      const aisyah = (await drop()).body.data.talentId;
      const referral = (await complete(completionValues(aisyah, taskId))).body.data.referralId;
      t.clock.advance(60_000);
      const wei = (
        await drop(dropValues(taskId, { fullName: 'Wei Ling Tan', email: 'weiling@example.com', phone: '0161234567' }))
      ).body.data.talentId;
      t.clock.advance(60_000);
      const ravi = (
        await drop(dropValues(taskId, { fullName: 'Ravi Kumar', email: 'ravi@example.com', phone: '0171234567' }))
      ).body.data.talentId;
      const other = await recruiter(t, 'other@example.com');
      await drop(
        dropValues(taskId, { fullName: 'Other Person', email: 'op@example.com', phone: '0181234567' }),
        pdfFile(),
        other.token,
      );
      return { aisyah, wei, ravi, referral };
    };

    it('lists only my talents, the latest change first, each with its referrals', async () => {
      const { aisyah, wei, ravi, referral } = await folder();
      const page = await list();
      expect(page).toMatchObject({ page: 1, pageSize: 10, total: 3 });
      expect(page.items.map((i: { id: number }) => i.id)).toEqual([ravi, wei, aisyah]);
      expect(page.items[2]).toMatchObject({
        fullName: 'Aisyah binti Rahman',
        email: 'aisyah@example.com',
        phone: '+60123456789',
        educationLevel: 'Degree',
        languages: ['en', 'ms'],
        parseStatus: 'PENDING',
        referrals: [{ id: referral, taskId, consentStatus: 'PENDING', hiringStatus: 'SUBMITTED', rewardStatus: null }],
      });
      expect(page.items[0].referrals).toEqual([]);
    });

    it('searches by name, e-mail and phone, however the phone is typed', async () => {
      const { aisyah, wei, ravi } = await folder();
      const ids = async (search: string) =>
        (await list(`?search=${encodeURIComponent(search)}`)).items.map((i: { id: number }) => i.id);
      expect(await ids('wei ling')).toEqual([wei]);
      expect(await ids('RAVI@')).toEqual([ravi]);
      expect(await ids('012-345 6789')).toEqual([aisyah]);
      expect(await ids('+6017')).toEqual([ravi]);
      expect(await ids('Other Person')).toEqual([]);
      expect(await ids('100%')).toEqual([]);
    });

    it('keeps a talent when any one of its referrals matches every filter', async () => {
      const { aisyah } = await folder();
      const second = await insertTask(t);
      const referral = (await complete(completionValues(aisyah, second))).body.data.referralId;
      await t.db
        .updateTable('referrals')
        .set({ consent_status: 'CONFIRMED', reward_status: 'APPROVED' })
        .where('id', '=', referral)
        .execute();
      const ids = async (query: string) => (await list(query)).items.map((i: { id: number }) => i.id);
      expect(await ids(`?taskId=${taskId}`)).toEqual([aisyah]);
      expect(await ids('?consent=CONFIRMED&reward=APPROVED')).toEqual([aisyah]);
      expect(await ids('?consent=PENDING&reward=IN_REVIEW')).toEqual([aisyah]);
      // No single referral is both CONFIRMED and still in review.
      expect(await ids('?consent=CONFIRMED&reward=IN_REVIEW')).toEqual([]);
      expect(await ids(`?taskId=${taskId}&consent=CONFIRMED`)).toEqual([]);
      expect(await ids('?hiring=INTERVIEW')).toEqual([]);
      // A search with filters: each call its own values in the same compiled query (preparedShapes).
      expect(await list('?search=aisyah&consent=CONFIRMED')).toMatchObject({ total: 1, items: [{ id: aisyah }] });
      expect(await list('?search=0123456789&consent=PENDING')).toMatchObject({ total: 1, items: [{ id: aisyah }] });
      expect(await list('?search=wei&consent=CONFIRMED')).toMatchObject({ total: 0, items: [] });
      const bad = await t.request('/api/recruiter/talent?reward=MAYBE&pageSize=7', { headers: bearer(me.token) });
      expect(bad.status).toBe(400);
      expect((await bad.json()).error.fields).toEqual({ reward: 'field_invalid', pageSize: 'field_invalid' });
    });

    it('pages the list', async () => {
      for (let i = 0; i < 12; i++) {
        await drop(dropValues(taskId, { email: `t${i}@example.com`, phone: `01612345${String(i).padStart(2, '0')}` }));
        t.clock.advance(1000);
      }
      const second = await list('?page=2&pageSize=10');
      expect(second).toMatchObject({ page: 2, pageSize: 10, total: 12 });
      expect(second.items.map((i: { email: string }) => i.email)).toEqual(['t1@example.com', 't0@example.com']);
    });

    it('shows a talent with its resume, salary in major units and every referral', async () => {
      const talentId = (await drop(dropValues(taskId, { expectedSalary: '4500.5' }))).body.data.talentId;
      await complete(completionValues(talentId, taskId));
      const res = await t.request(`/api/recruiter/talent/${talentId}`, { headers: bearer(me.token) });
      expect(res.status).toBe(200);
      const { data } = await res.json();
      expect(data).toMatchObject({
        id: talentId,
        fullName: 'Aisyah binti Rahman',
        phone: '012-345 6789',
        countryCode: '+60',
        phoneE164: '+60123456789',
        expectedSalary: 4500.5,
        expectedSalaryCurrency: 'MYR',
        contactLocale: 'en',
        resume: {
          id: expect.any(Number),
          name: 'Aisyah_CV.pdf',
          mimeType: 'application/pdf',
          size: samplePdf().length,
        },
        parseStatus: 'PENDING',
        hasWorkExperience: true,
        yearsOfExperience: 6,
        currentPosition: 'Senior Sales Executive',
        skills: ['Negotiation', 'CRM'],
        summary: 'Beats her targets.',
      });
      expect(data.referrals).toHaveLength(1);
      expect(data.referrals[0]).toMatchObject({ taskId, talentId, consentStatus: 'PENDING' });
    });

    it('edits a talent with the drop’s validation', async () => {
      const talentId = (await drop()).body.data.talentId;
      const put = (json: unknown) =>
        t.request(`/api/recruiter/talent/${talentId}`, { method: 'PUT', headers: bearer(me.token), json });
      const res = await put({
        ...editValues(),
        phone: '+60 16-222 3333',
        expectedSalaryCurrency: 'JPY',
        expectedSalary: 250000,
      });
      expect(res.status).toBe(200);
      expect((await res.json()).data).toMatchObject({
        fullName: 'Aisyah Rahman',
        phoneE164: '+60162223333',
        educationLevel: 'Master',
        expectedSalary: 250000,
        expectedSalaryCurrency: 'JPY',
        yearsOfExperience: 7,
        skills: ['Negotiation'],
      });
      const invalid = await put({ ...editValues(), email: 'nope', languages: [], phone: '1' });
      expect(invalid.status).toBe(400);
      expect((await invalid.json()).error.fields).toMatchObject({
        email: 'email_invalid',
        languages: 'languages_required',
        phone: 'phone_invalid',
      });
    });

    // Issue 22, finding 3: recruiter B referred her own address, confirmed consent through her own link,
    // then put another recruiter's candidate's e-mail and phone on that talent, and was paid for it.
    it('puts new contact details through the duplicate rule, asks the new address to consent, and records it', async () => {
      const refer = async (token: string, values: DropValues) => {
        const talentId = (await (await postDrop(t, token, values)).json()).data.talentId as number;
        const done = await postCompletion(t, token, completionValues(talentId, Number(values.taskId)));
        expect(done.status).toBe(201);
        return { talentId, referralId: (await done.json()).data.referralId as number };
      };
      const other = await recruiter(t, 'other@example.com');
      await refer(
        other.token,
        dropValues(taskId, { fullName: 'Chong Mei Ling', email: 'meiling@example.com', phone: '0171112222' }),
      );
      const mine = await refer(
        me.token,
        dropValues(taskId, { fullName: 'Bee Hoon', email: 'bee@example.com', phone: '0133334444' }),
      );
      await t.db
        .updateTable('referrals')
        .set({ consent_status: 'CONFIRMED' })
        .where('id', '=', mine.referralId)
        .execute();
      const put = (json: unknown) =>
        t.request(`/api/recruiter/talent/${mine.talentId}`, { method: 'PUT', headers: bearer(me.token), json });

      const swapped = await put({ ...editValues(), email: 'MeiLing@example.com', phone: '017-111 2222' });
      expect(swapped.status).toBe(409);
      expect((await swapped.json()).error).toMatchObject({
        code: 'DUPLICATE_REFERRAL',
        fields: { email: 'duplicate_email', phone: 'duplicate_phone' },
      });

      const moved = await put({ ...editValues(), email: 'bee.new@example.com', phone: '013-333 4444' });
      expect(moved.status).toBe(200);
      const referral = await t.db
        .selectFrom('referrals')
        .selectAll()
        .where('id', '=', mine.referralId)
        .executeTakeFirstOrThrow();
      expect(referral).toMatchObject({ consent_status: 'PENDING', person_email: 'bee.new@example.com' });
      const mail = await t.db
        .selectFrom('email_outbox')
        .select(['to_address'])
        .where('template', '=', 'consent_request')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(mail.to_address).toBe('bee.new@example.com');
      const history = await t.db
        .selectFrom('referral_history')
        .select(['action', 'from_value', 'to_value'])
        .where('referral_id', '=', mine.referralId)
        .execute();
      expect(history).toContainEqual({ action: 'CONSENT_CHANGED', from_value: 'CONFIRMED', to_value: 'PENDING' });

      await t.db
        .updateTable('referrals')
        .set({ reward_status: 'APPROVED' })
        .where('id', '=', mine.referralId)
        .execute();
      const locked = await put({ ...editValues(), email: 'bee.third@example.com', phone: '013-333 4444' });
      expect(locked.status).toBe(409);
      expect((await locked.json()).error.fields).toEqual({ email: 'contact_locked', phone: 'contact_locked' });
    });

    it('refuses an edit that makes the talent another of mine, naming the field', async () => {
      const talentId = (await drop()).body.data.talentId;
      await drop(
        dropValues(await insertTask(t), { fullName: 'Wei Ling', email: 'wei@example.com', phone: '0161234567' }),
      );
      const put = (json: unknown) =>
        t.request(`/api/recruiter/talent/${talentId}`, { method: 'PUT', headers: bearer(me.token), json });
      const byEmail = await put({ ...editValues(), email: 'WEI@example.com' });
      expect(byEmail.status).toBe(409);
      expect((await byEmail.json()).error).toMatchObject({ code: 'CONFLICT', fields: { email: 'talent_email_taken' } });
      const byPhone = await put({ ...editValues(), phone: '016-123 4567' });
      expect((await byPhone.json()).error).toMatchObject({ code: 'CONFLICT', fields: { phone: 'talent_phone_taken' } });
      // Another recruiter's talent with that e-mail is no clash.
      const other = await recruiter(t, 'other@example.com');
      await drop(
        dropValues(await insertTask(t), { email: 'shared@example.com', phone: '0199999999' }),
        pdfFile(),
        other.token,
      );
      expect((await put({ ...editValues(), email: 'shared@example.com' })).status).toBe(200);
    });
  });

  describe('ownership', () => {
    it('answers another recruiter 404 for my talent, its edit, its referral and its resume', async () => {
      const dropped = await drop();
      const talentId = dropped.body.data.talentId;
      const other = await recruiter(t, 'nosy@example.com');
      const get = await t.request(`/api/recruiter/talent/${talentId}`, { headers: bearer(other.token) });
      expect(get.status).toBe(404);
      const missing = await t.request('/api/recruiter/talent/999999', { headers: bearer(other.token) });
      expect(await get.json()).toMatchObject({
        error: { code: 'NOT_FOUND', message: (await missing.json()).error.message },
      });
      const put = await t.request(`/api/recruiter/talent/${talentId}`, {
        method: 'PUT',
        headers: bearer(other.token),
        json: { ...editValues(), email: 'mine-now@example.com' },
      });
      expect(put.status).toBe(404);
      const refer = await complete(completionValues(talentId, taskId), other.token);
      expect(refer.res.status).toBe(404);
      const { resume } = (
        await (await t.request(`/api/recruiter/talent/${talentId}`, { headers: bearer(me.token) })).json()
      ).data;
      const file = await t.request(`/api/files/${resume.id}`, { headers: bearer(other.token) });
      expect(file.status).toBe(404);
      expect(await count('referrals')).toBe(0);
    });

    it('keeps the talent calls to logged-in recruiters', async () => {
      const anonymous = await t.request('/api/recruiter/talent');
      expect(anonymous.status).toBe(401);
      const admin = await t.createUser({ email: 'admin@example.com', roles: ['ROLE_ADMIN'] });
      const { accessToken } = await t.login(admin.email);
      const asAdmin = await postDrop(t, accessToken, dropValues(taskId));
      expect(asAdmin.status).toBe(403);
    });
  });
});

const editValues = () => ({
  fullName: 'Aisyah Rahman',
  email: 'aisyah@example.com',
  countryCode: '+60',
  phone: '012-345 6789',
  languages: ['en', 'ms'],
  educationLevel: 'Master',
  country: 'Malaysia',
  location: 'Petaling Jaya',
  expectedSalary: 5200.5,
  expectedSalaryCurrency: 'MYR',
  hasWorkExperience: true,
  yearsOfExperience: 7,
  currentPosition: 'Sales Manager',
  skills: ['Negotiation'],
  summary: 'Leads a team of five.',
});
