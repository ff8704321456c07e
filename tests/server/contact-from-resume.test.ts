import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertTask } from './helpers/rows';
import { samplePdf, samplePng } from './helpers/sample-files';
import { completionValues, dropValues, pdfFile, postCompletion, postDrop, recruiter } from './helpers/talent-fixtures';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 42.4: offline, the drop form promises that the name, e-mail and phone are read from the resume
// once online, so a drop queued offline may leave them blank (`contactFromResume`). The drop endpoint
// reads them from the resume when the drop arrives; what it cannot read is refused by name, with
// nothing stored; duplicates are judged on what was read; profile completion asks the recruiter to check
// what was read and takes their corrections.

// A drop as the outbox sends one queued offline: the resume, the form's other fields, no contact.
const queued = (taskId: number, overrides: Record<string, string | undefined> = {}) =>
  dropValues(taskId, {
    fullName: undefined,
    email: undefined,
    phone: undefined,
    contactFromResume: 'true',
    ...overrides,
  });

// RESUME_LINES (helpers/sample-files): Aisyah binti Rahman, aisyah@example.com | +60 12-345 6789.
const CONTACT_CV = pdfFile();
const NAME_ONLY_CV = pdfFile(samplePdf(['Siti Nur Aisyah', 'Summary', 'Cashier who knows every customer.']));

describe.each(DIALECTS)('a drop queued offline without contact fields, on %s', (dialect) => {
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

  const storedObjects = () => {
    const root = path.join(t.env.DATA_DIR, 'files');
    try {
      return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
    } catch {
      return 0;
    }
  };
  const talentRows = () => t.db.selectFrom('talents').selectAll().execute();
  const getTalent = async (id: number) =>
    (await (await t.request(`/api/recruiter/talent/${id}`, { headers: bearer(me.token) })).json()).data;

  it('reads the name, e-mail and phone from a resume that holds them, and says which were read', async () => {
    const res = await postDrop(t, me.token, queued(taskId), CONTACT_CV);
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data).toEqual({ talentId: expect.any(Number), taskId, parseStatus: 'PENDING', created: true });
    const [row] = await talentRows();
    expect(row).toMatchObject({
      full_name: 'Aisyah binti Rahman',
      email: 'aisyah@example.com',
      country_code: '+60',
      phone: '012-345 6789',
      phone_e164: '+60123456789',
      location: 'Shah Alam',
      completion_task_id: taskId,
    });
    expect((await getTalent(data.talentId)).contactFromResume).toEqual(['fullName', 'email', 'phone']);
  });

  it('keeps what the recruiter typed offline and reads only the blanks', async () => {
    const res = await postDrop(t, me.token, queued(taskId, { fullName: 'Aisyah Rahman' }), CONTACT_CV);
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(await getTalent(data.talentId)).toMatchObject({
      fullName: 'Aisyah Rahman',
      email: 'aisyah@example.com',
      phoneE164: '+60123456789',
      contactFromResume: ['email', 'phone'],
    });
  });

  it('refuses by name what the resume does not hold, and stores nothing', async () => {
    const res = await postDrop(t, me.token, queued(taskId), NAME_ONLY_CV);
    expect(res.status).toBe(422);
    expect((await res.json()).error).toMatchObject({
      code: 'CONTACT_NOT_IN_RESUME',
      message: "The talent's e-mail and phone number could not be read from the resume. Please type them.",
      fields: { email: 'contact_not_in_resume', phone: 'contact_not_in_resume' },
    });
    expect(await talentRows()).toEqual([]);
    expect(storedObjects()).toBe(0);

    // A photo has no text to read at all; typed, the same fields go through.
    const photo = await postDrop(t, me.token, queued(taskId), { bytes: samplePng(), name: 'cv.png' });
    expect(photo.status).toBe(422);
    expect(Object.keys((await photo.json()).error.fields)).toEqual(['fullName', 'email', 'phone']);
    const typed = await postDrop(
      t,
      me.token,
      queued(taskId, { email: 'siti@example.com', phone: '013-456 7890' }),
      NAME_ONLY_CV,
    );
    expect(typed.status).toBe(201);
    expect(await getTalent((await typed.json()).data.talentId)).toMatchObject({
      fullName: 'Siti Nur Aisyah',
      email: 'siti@example.com',
      contactFromResume: ['fullName'],
    });
  });

  it('keeps the seed’s rule online: without contactFromResume every contact field is required', async () => {
    const res = await postDrop(t, me.token, queued(taskId, { contactFromResume: undefined }), CONTACT_CV);
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toMatchObject({
      fullName: 'field_required',
      email: 'field_required',
      phone: 'field_required',
    });
    expect(await talentRows()).toEqual([]);
  });

  it('still checks what was typed offline', async () => {
    const res = await postDrop(t, me.token, queued(taskId, { email: 'not-an-e-mail' }), CONTACT_CV);
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({ email: 'email_invalid' });
  });

  it('refuses a person already referred to the task, found only in the resume, as an online drop is', async () => {
    const other = await recruiter(t, 'other@example.com');
    const first = await postDrop(t, other.token, dropValues(taskId), pdfFile());
    const { talentId } = (await first.json()).data;
    expect((await postCompletion(t, other.token, completionValues(talentId, taskId))).status).toBe(201);

    const res = await postDrop(t, me.token, queued(taskId), CONTACT_CV);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({
      code: 'DUPLICATE_REFERRAL',
      fields: { email: 'duplicate_email', phone: 'duplicate_phone' },
    });
    expect((await talentRows()).filter((row) => row.recruiter_id === me.id)).toEqual([]);
  });

  it('takes the recruiter’s check at profile completion, corrections included, and forgets what was read', async () => {
    const drop = await postDrop(t, me.token, queued(taskId), CONTACT_CV);
    const { talentId } = (await drop.json()).data;

    const corrected = completionValues(talentId, taskId, {
      fullName: 'Aisyah binti Abdul Rahman',
      email: 'aisyah@example.com',
      countryCode: '+60',
      phone: '012-345 6780',
    });
    const res = await postCompletion(t, me.token, corrected);
    expect(res.status).toBe(201);
    expect(await getTalent(talentId)).toMatchObject({
      fullName: 'Aisyah binti Abdul Rahman',
      phoneE164: '+60123456780',
      contactFromResume: [],
      needsCompletion: false,
    });
    const referral = await t.db.selectFrom('referrals').selectAll().executeTakeFirstOrThrow();
    expect(referral).toMatchObject({ talent_id: talentId, person_phone: '+60123456780' });
  });

  it('counts a profile edit as the recruiter’s check of what was read', async () => {
    const drop = await postDrop(t, me.token, queued(taskId), CONTACT_CV);
    const { talentId } = (await drop.json()).data;
    const res = await t.request(`/api/recruiter/talent/${talentId}`, {
      method: 'PUT',
      headers: bearer(me.token),
      json: {
        fullName: 'Aisyah binti Rahman',
        email: 'aisyah@example.com',
        countryCode: '+60',
        phone: '012-345 6789',
        languages: ['ms'],
        educationLevel: 'Degree',
        country: 'Malaysia',
        location: 'Shah Alam',
      },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.contactFromResume).toEqual([]);
  });

  it('refuses a correction at profile completion that is another of the recruiter’s talents', async () => {
    await postDrop(t, me.token, dropValues(taskId, { email: 'nur@example.com', phone: '019-876 5432' }), pdfFile());
    const drop = await postDrop(t, me.token, queued(taskId), CONTACT_CV);
    const { talentId } = (await drop.json()).data;
    const res = await postCompletion(
      t,
      me.token,
      completionValues(talentId, taskId, {
        fullName: 'Aisyah binti Rahman',
        email: 'nur@example.com',
        countryCode: '+60',
        phone: '012-345 6789',
      }),
    );
    expect(res.status).toBe(409);
    expect((await res.json()).error.fields).toEqual({ email: 'talent_email_taken' });
    expect((await getTalent(talentId)).contactFromResume).toEqual(['fullName', 'email', 'phone']);
  });
});
