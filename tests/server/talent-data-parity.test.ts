import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { m } from '#src/paraglide/messages.js';
import { sha256 } from '#src/server/security/tokens.ts';
import type { PersonView } from '#src/shared/data-protection-types.ts';
import type { TalentDataView } from '#src/shared/talent-link-data.ts';
import { createReferral, lastEmail, signIn } from './helpers/referral-fixtures';
import { insertTask } from './helpers/rows';
import { MEDIA_SAMPLES, samplePdf } from './helpers/sample-files';
import { multipart } from './helpers/talent-fixtures';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 42.2: "Everything Data Protection shows about a talent, the talent sees too." Data Protection's
// person view is read beside the talent's own download, for a talent with a record of every kind, and each
// kind of record the admin's view lists must be in the talent's file, record for record. A kind added to
// Data Protection and not to the talent's page fails here until it is.
describe.each(DIALECTS)("the talent's data against Data Protection's person view on %s", (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const from = { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'Mozilla/5.0 (iPhone)' };
  const json = async <T>(res: Response): Promise<T> => {
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return JSON.parse(text) as T;
  };

  /** A talent with a CV, a call proof, consent given, a correction asked, a company share and looks by all. */
  async function talentWithEverything() {
    const admin = await signIn(t, { roles: ['ROLE_ADMIN'] });
    await t.db.updateTable('users').set({ full_name: 'Ada Admin' }).where('id', '=', admin.id).execute();
    const recruiter = await signIn(t);
    await t.db.updateTable('users').set({ full_name: 'Ahmad Faizal' }).where('id', '=', recruiter.id).execute();
    const now = t.clock.now().toISOString();
    const taskId = await insertTask(t, { title: 'Data Analyst', company: 'Kopi Digital Sdn Bhd' });
    const made = await createReferral(t, recruiter.id, { taskId, talent: { full_name: 'Aisyah Rahman' } });
    const consentToken = made.consentToken;
    const dataToken = new URL((await lastEmail(t, 'consent_request')).payload.dataLink as string).searchParams.get(
      'token',
    ) as string;

    // The CV, with its text read.
    const bytes = samplePdf();
    await t.deps.storage.put('resume/aisyah.pdf', bytes, 'application/pdf');
    const cv = await t.db
      .insertInto('files')
      .values({
        owner_id: recruiter.id,
        purpose: 'RESUME',
        original_name: 'Aisyah_CV.pdf',
        mime_type: 'application/pdf',
        size: bytes.byteLength,
        sha256: 'x',
        storage_key: 'resume/aisyah.pdf',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('talents')
      .set({ resume_file_id: cv.id, resume_text: 'Aisyah Rahman, data analyst' })
      .where('id', '=', made.talentId)
      .execute();

    // Consent given (a decision, an e-mail to the recruiter), a call proof, a correction asked.
    expect(
      (await t.request('/api/public/consent', { method: 'POST', json: { token: consentToken, decision: 'CONFIRMED' } }))
        .status,
    ).toBe(200);
    const upload = await t.request('/api/recruiter/talent-task/call-proof', {
      method: 'POST',
      headers: recruiter.headers,
      body: multipart(
        { referralId: String(made.id), calledAt: now, note: 'Called, she is keen.' },
        { bytes: MEDIA_SAMPLES.png, name: 'call-aisyah.png', type: 'image/png' },
      ),
    });
    expect(upload.status).toBe(201);
    const correction = await t.request('/api/public/data/correction', {
      method: 'POST',
      json: { token: dataToken, message: 'My surname is Hashim.' },
      headers: from,
    });
    expect(correction.status).toBe(200);

    // Shared with a hiring company, whose contact looks at the candidates.
    const company = await t.db
      .insertInto('companies')
      .values({ name: 'Kopi Digital Sdn Bhd', name_key: 'kopi digital sdn bhd', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const contact = await t.db
      .insertInto('company_contacts')
      .values({
        company_id: company.id,
        name: 'Tan Mei Ling',
        email: 'mei@kopi.example',
        locale: 'en',
        created_at: now,
        updated_at: now,
        removed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reviewToken = 'r'.repeat(43);
    const share = await t.db
      .insertInto('company_shares')
      .values({
        company_id: company.id,
        task_id: taskId,
        contact_id: contact.id,
        token_hash: sha256(reviewToken),
        reveal_reason: null,
        expires_at: new Date(t.clock.now().getTime() + 14 * 86_400_000).toISOString(),
        revoked_at: null,
        first_opened_at: null,
        last_opened_at: null,
        created_by: admin.id,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('company_share_referrals')
      .values({ share_id: share.id, referral_id: made.id, added_at: now, removed_at: null })
      .execute();
    expect((await t.request(`/api/public/review?token=${reviewToken}`, { headers: from })).status).toBe(200);

    // The recruiter downloads the CV; the admin opens the person.
    expect((await t.request(`/api/files/${cv.id}`, { headers: recruiter.headers })).status).toBe(200);
    const person = await json<{ data: PersonView }>(
      await t.request(`/api/admin/data-protection/people/${made.talentId}`, { headers: admin.headers }),
    );
    const own = await json<TalentDataView>(
      await t.request(`/api/public/data/export?token=${dataToken}&format=json`, { headers: from }),
    );
    return { person: person.data, own, dataToken, made };
  }

  it('lists every kind of record Data Protection shows, record for record, in the JSON download', async () => {
    const { person, own } = await talentWithEverything();

    // Each of Data Protection's sections, read from both sides as comparable keys.
    const kinds: Record<Exclude<keyof PersonView, 'profile'>, [unknown, unknown]> = {
      referrals: [
        person.referrals.map((r) => [r.id, r.task.title, r.consentStatus, r.itaStatus, r.hiringStatus, r.rewardStatus]),
        own.referrals.map((r) => [r.id, r.taskTitle, r.consentStatus, r.itaStatus, r.hiringStatus, r.rewardStatus]),
      ],
      files: [
        person.files.map((f) => [f.purpose, f.name, f.size]),
        [
          ...(own.resume ? [['RESUME', own.resume.name, own.resume.size]] : []),
          ...own.callProofs.map((p) => ['CALL_PROOF', p.fileName, p.size]),
        ],
      ],
      links: [
        person.links.map((l) => [l.id, l.kind, l.referralId, l.createdAt, l.expiresAt, l.usedAt, l.voidedAt]),
        own.links.map((l) => [l.id, l.kind, l.referralId, l.createdAt, l.expiresAt, l.usedAt, l.voidedAt]),
      ],
      emails: [
        person.emails.map((e) => [e.id, e.template, e.status, e.createdAt, e.sentAt]),
        own.emails.map((e) => [e.id, e.template, e.status, e.createdAt, e.sentAt]),
      ],
      requests: [
        person.requests.map((r) => [r.id, r.kind, r.status, r.message, r.dueAt, r.response]),
        own.requests.map((r) => [r.id, r.kind, r.status, r.message, r.dueAt, r.response]),
      ],
      // The talent's download is read after the admin's view, so it holds that look too, and its own.
      access: [
        person.access.map((a) => [a.id, a.action, a.createdAt]),
        own.access.filter((a) => person.access.some((p) => p.id === a.id)).map((a) => [a.id, a.action, a.at]),
      ],
    };
    expect(Object.keys(kinds).sort()).toEqual(
      Object.keys(person)
        .filter((key) => key !== 'profile')
        .sort(),
    );
    for (const [kind, [admins, talents]] of Object.entries(kinds)) {
      expect((admins as unknown[]).length, `${kind}: the talent needs one of each`).toBeGreaterThan(0);
      expect(talents, kind).toEqual(admins);
    }
    expect(own.access.map((a) => a.action).slice(0, 1)).toEqual(['PERSON_EXPORT']);

    // The profile's fields, each in the talent's own profile or said why not.
    const p = person.profile;
    expect(own.profile).toMatchObject({
      fullName: p.fullName,
      email: p.email,
      country: p.country,
      location: p.location,
      languages: p.languages,
      educationLevel: p.educationLevel,
      expectedSalary: p.expectedSalary,
      expectedSalaryCurrency: p.expectedSalaryCurrency,
      currentPosition: p.currentPosition,
      yearsOfExperience: p.yearsOfExperience,
      skills: p.skills,
      summary: p.summary,
      contactLocale: p.contactLocale,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    });
    expect(own.profile.phone.replaceAll(' ', '')).toBe(p.phone);
    expect(own.resume?.textKept).toBe(p.hasResumeText);
    expect(own.referrals.map((r) => r.recruiterName)).toEqual([p.recruiter.name]);
    const notShown: Record<string, string> = {
      id: 'the record number, an internal key',
      countryCode: 'the phone is shown with its code',
      recruiter: "the recruiter is named on each referral; their e-mail is the recruiter's own data",
      erasedAt: 'an erased talent has no page: the link opens nothing',
      phone: 'shown grouped as people write it (compared above)',
      hasResumeText: 'the CV says whether its text is kept (compared above)',
    };
    const compared = Object.keys(own.profile);
    expect(Object.keys(p).filter((key) => !compared.includes(key) && !(key in notShown))).toEqual([]);
  });

  it('names an admin and a company contact by role, never by their own name, and keeps the company', async () => {
    const { own } = await talentWithEverything();
    const text = JSON.stringify(own.access);
    expect(text).not.toContain('Ada Admin');
    expect(text).not.toContain('Tan Mei Ling');
    expect(own.access).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'PERSON_VIEW', actor: 'ADMIN', actorName: null }),
        expect.objectContaining({ action: 'PERSON_VIEW', actor: 'COMPANY', actorName: 'Kopi Digital Sdn Bhd' }),
        expect.objectContaining({
          action: 'FILE_DOWNLOAD',
          actor: 'RECRUITER',
          actorName: 'Ahmad Faizal',
          purpose: 'RESUME',
        }),
      ]),
    );
  });

  it('prints a section for each of those kinds in the readable download, in the talent’s language', async () => {
    const { dataToken } = await talentWithEverything();
    const res = await t.request(`/api/public/data/export?token=${dataToken}&format=html&locale=ms`, { headers: from });
    const page = await res.text();
    const o = { locale: 'ms' as const };
    for (const heading of [
      m.talent_data_referrals_heading({}, o),
      m.talent_data_resume_heading({}, o),
      m.talent_data_proofs_heading({}, o),
      m.talent_data_links_heading({}, o),
      m.talent_data_emails_heading({}, o),
      m.talent_data_requests_heading({}, o),
      m.talent_data_access_heading({}, o),
      m.talent_data_shares_heading({}, o),
    ])
      expect(page).toContain(`<h2>${heading}</h2>`);
    expect(page).toContain(m.talent_data_link_consent({}, o));
    expect(page).toContain(m.talent_data_email_consent_request({}, o));
    expect(page).toContain(m.talent_data_access_by_company({ company: 'Kopi Digital Sdn Bhd' }, o));
    expect(page).toContain(m.talent_data_access_download_resume({}, o));
  });
});
