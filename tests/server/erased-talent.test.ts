import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eraseTalent } from '#src/server/personal-data/erase-talent.ts';
import { createReferral } from './helpers/referral-fixtures';
import { insertTalent, insertTask } from './helpers/rows';
import { completionValues, postCompletion, recruiter } from './helpers/talent-fixtures';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 24: an anonymised talent keeps rows for the money trail only. The server, not only the screens,
// refuses to change, refer or e-mail them; and a talent with no referral at all is erased like any other.
const admin = { actorId: null, actorKind: 'SYSTEM' as const, action: 'PERSON_ERASE' as const };

describe.each(DIALECTS)('an erased talent on %s', (dialect) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof recruiter>>;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    me = await recruiter(t, 'me@example.com');
  });
  afterEach(async () => {
    await t.close();
  });

  it('refuses edits, new referrals and links to an anonymised talent with 409 TALENT_ERASED', async () => {
    const referral = await createReferral(t, me.id);
    expect(await eraseTalent(t.deps, referral.talentId, 'ANONYMISE', admin)).toMatchObject({ outcome: 'ANONYMISED' });
    const mailsBefore = await t.db.selectFrom('email_outbox').select('id').execute();

    const edit = await t.request(`/api/recruiter/talent/${referral.talentId}`, {
      method: 'PUT',
      headers: bearer(me.token),
      json: {
        fullName: 'Someone New',
        email: 'new@example.com',
        countryCode: '+60',
        phone: '012-345 6789',
        languages: ['en'],
        educationLevel: 'Degree',
        country: 'Malaysia',
        location: 'Ipoh',
        expectedSalaryCurrency: 'MYR',
        skills: [],
      },
    });
    expect(edit.status).toBe(409);
    expect((await edit.json()).error.code).toBe('TALENT_ERASED');

    const resend = await t.request('/api/recruiter/talent-task/resend-consent', {
      method: 'POST',
      headers: bearer(me.token),
      json: { referralId: referral.id },
    });
    expect(resend.status).toBe(409);
    expect((await resend.json()).error.code).toBe('TALENT_ERASED');

    const refer = await postCompletion(t, me.token, completionValues(referral.talentId, await insertTask(t)));
    expect(refer.status).toBe(409);
    expect((await refer.json()).error.code).toBe('TALENT_ERASED');

    // Nothing was queued for the placeholder address, and the talent still reads as erased.
    expect(await t.db.selectFrom('email_outbox').select('id').execute()).toEqual(mailsBefore);
    const profile = await (
      await t.request(`/api/recruiter/talent/${referral.talentId}`, { headers: bearer(me.token) })
    ).json();
    expect(profile.data).toMatchObject({ fullName: '', erasedAt: t.clock.now().toISOString() });
  });

  it('erases a talent who was never referred (a resume dropped and left)', async () => {
    const talent = await insertTalent(t, me.id);
    expect(await eraseTalent(t.deps, talent.id, 'ERASE', admin)).toMatchObject({ outcome: 'DELETED' });
    expect(await t.db.selectFrom('talents').select('id').where('id', '=', talent.id).execute()).toEqual([]);
    expect(await eraseTalent(t.deps, talent.id, 'ERASE', admin)).toMatchObject({ outcome: 'GONE' });
  });
});
