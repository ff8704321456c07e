import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isPostgres } from '#src/server/db/connect.ts';
import { insightCounterSql } from '#src/server/db/insight-counters-sql.ts';
import { migrateToLatest, migrateUpTo, pendingMigrations } from '#src/server/db/migrate.ts';
import { renderEmail } from '#src/server/mail/templates.ts';
import { createReferral, lastEmail, lastToken, refreshLogin, signIn } from './helpers/referral-fixtures';
import { insertTask } from './helpers/rows';
import { MEDIA_SAMPLES } from './helpers/sample-files';
import { multipart } from './helpers/talent-fixtures';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const HOUR = 60 * 60_000;

// Issue 21 item 7: the consent notice promises a way to withdraw; the link page itself is that way.
describe.each(DIALECTS)('withdrawing consent from the talent link on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  const headers = { 'x-forwarded-for': '203.0.113.7', 'user-agent': 'Mozilla/5.0 (Linux; Android 14)' };
  const view = async (token: string, kind: 'consent' | 'ita' = 'consent') =>
    (await (await t.request(`/api/public/${kind}?token=${encodeURIComponent(token)}`, { headers })).json()).data;
  const answer = (token: string, decision: 'CONFIRMED' | 'DECLINED', kind: 'consent' | 'ita' = 'consent') =>
    t.request(`/api/public/${kind}`, { method: 'POST', json: { token, decision, locale: 'en' }, headers });
  const withdraw = (token: string, kind: 'consent' | 'ita' = 'consent') =>
    t.request(`/api/public/${kind}/withdraw`, { method: 'POST', json: { token, locale: 'ms' }, headers });
  const referral = (id: number) =>
    t.db.selectFrom('referrals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const withdrawnMails = async () =>
    t.db.selectFrom('email_outbox').select('id').where('template', '=', 'consent_withdrawn').execute();

  // A recruiter writing e-mails in Chinese referred Aisyah, who confirmed consent.
  const setup = async ({ confirm = true } = {}) => {
    const recruiter = await signIn(t, { locale: 'zh' });
    await t.db.updateTable('users').set({ full_name: 'Ahmad Faizal' }).where('id', '=', recruiter.id).execute();
    const taskId = await insertTask(t, { title: 'Senior Backend Engineer', company: 'Kopi Digital' });
    const made = await createReferral(t, recruiter.id, {
      taskId,
      talent: { full_name: 'Aisyah Rahman', email: 'aisyah@example.com' },
    });
    if (confirm) expect((await answer(made.consentToken, 'CONFIRMED')).status).toBe(200);
    return { recruiter, referral: made };
  };

  it('keeps the confirmed consent link able to withdraw, days later, and records the withdrawal once', async () => {
    const { recruiter, referral: made } = await setup();
    // Long after the link's 72 hours: the answer used the token, and it keeps the power to withdraw.
    t.clock.advance(10 * 24 * HOUR);
    expect(await view(made.consentToken)).toMatchObject({
      state: 'USED',
      decision: 'CONFIRMED',
      withdrawable: true,
      withdrawnAt: null,
    });

    const res = await withdraw(made.consentToken);
    expect(res.status).toBe(200);
    const at = t.clock.now().toISOString();
    expect((await res.json()).data).toMatchObject({ state: 'USED', withdrawable: false, withdrawnAt: at });
    expect(await view(made.consentToken)).toMatchObject({ withdrawable: false, withdrawnAt: at });

    expect(await referral(made.id)).toMatchObject({ consent_status: 'DECLINED', consent_decided_at: at });
    const proof = await t.db.selectFrom('talent_decisions').selectAll().where('decision', '=', 'WITHDRAWN').execute();
    expect(proof).toEqual([
      expect.objectContaining({ referral_id: made.id, kind: 'CONSENT', locale: 'ms', ip: '203.0.113.7' }),
    ]);
    const history = await t.db
      .selectFrom('referral_history')
      .selectAll()
      .where('action', '=', 'CONSENT_CHANGED')
      .orderBy('id')
      .execute();
    expect(history.at(-1)).toMatchObject({ actor_id: null, from_value: 'CONFIRMED', to_value: 'DECLINED' });

    // The recruiter is told, in their language.
    const mail = await lastEmail(t, 'consent_withdrawn');
    expect(mail).toMatchObject({ to_address: recruiter.email, locale: 'zh' });
    const written = renderEmail('consent_withdrawn', mail.locale, mail.payload);
    expect(written.subject).toBe('同意已撤回：Aisyah Rahman，Senior Backend Engineer');
    expect(written.text).toContain('Aisyah Rahman 已撤回被推荐应聘 Senior Backend Engineer 的同意。');

    // Once: a second withdrawal is refused and queues nothing more.
    const again = await withdraw(made.consentToken);
    expect(again.status).toBe(409);
    expect((await again.json()).error).toMatchObject({
      code: 'CONFLICT',
      fields: { decision: 'consent_already_withdrawn' },
    });
    expect(await withdrawnMails()).toHaveLength(1);

    // Without consent the referral gets no ITA e-mail.
    await refreshLogin(t, recruiter);
    const ita = await t.request('/api/recruiter/talent-task/resend-ita/email', {
      method: 'POST',
      json: { referralId: made.id },
      headers: recruiter.headers,
    });
    expect(ita.status).toBe(409);
  });

  // Issue 42.5: a withdrawn referral is no reason to contact the talent; a call proof records a contact.
  it('refuses a call proof on a referral whose consent was withdrawn, a refused one still taking it', async () => {
    const { recruiter, referral: made } = await setup();
    const proof = (referralId: number) =>
      t.request('/api/recruiter/talent-task/call-proof', {
        method: 'POST',
        headers: recruiter.headers,
        body: multipart(
          { referralId: String(referralId), calledAt: t.clock.now().toISOString(), note: 'Called again.' },
          { bytes: MEDIA_SAMPLES.png, name: 'call.png', type: 'image/png' },
        ),
      });
    expect((await withdraw(made.consentToken)).status).toBe(200);
    const refused = await proof(made.id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe('CONSENT_WITHDRAWN');
    expect(await t.db.selectFrom('call_proofs').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('files').select('id').where('purpose', '=', 'CALL_PROOF').execute()).toEqual([]);

    // A talent who declined at once withdrew nothing: the rule is the withdrawal's, not DECLINED's.
    const declined = await createReferral(t, recruiter.id, { talent: { full_name: 'Someone Else' } });
    expect((await answer(declined.consentToken, 'DECLINED')).status).toBe(200);
    expect((await proof(declined.id)).status).toBe(201);
  });

  // Issue 42.6: the admin told a withdrawal from a refusal by nothing, and saw no request or erase date.
  it('tells the admin a withdrawal from a refusal: list, detail with its request and erase date, person view', async () => {
    const { recruiter, referral: made } = await setup();
    const admin = await signIn(t, { roles: ['ROLE_ADMIN'] });
    const refused = await createReferral(t, recruiter.id, { talent: { full_name: 'Someone Else' } });
    expect((await answer(refused.consentToken, 'DECLINED')).status).toBe(200);
    expect((await withdraw(made.consentToken)).status).toBe(200);
    const at = t.clock.now().toISOString();
    const eraseBy = new Date(t.clock.now().getTime() + 30 * 24 * HOUR).toISOString();
    const adminGet = async (path: string) => {
      const res = await t.request(path, { headers: admin.headers });
      expect(res.status, path).toBe(200);
      return (await res.json()).data;
    };

    const list = await adminGet('/api/admin/referrals');
    const row = (id: number) => list.items.find((r: { id: number }) => r.id === id);
    expect(row(made.id)).toMatchObject({ consentStatus: 'DECLINED', consentWithdrawnAt: at });
    expect(row(refused.id)).toMatchObject({ consentStatus: 'DECLINED', consentWithdrawnAt: null });

    const request = await t.db.selectFrom('data_requests').select('id').executeTakeFirstOrThrow();
    const detail = await adminGet(`/api/admin/referrals/${made.id}`);
    expect(detail).toMatchObject({
      consentWithdrawnAt: at,
      withdrawal: { requestId: request.id, status: 'OPEN', eraseBy, closedAt: null, keptByOthers: false },
    });
    expect((await adminGet(`/api/admin/referrals/${refused.id}`)).withdrawal).toBeNull();

    const person = await adminGet(`/api/admin/data-protection/people/${made.talentId}`);
    expect(person.referrals).toEqual([expect.objectContaining({ id: made.id, consentWithdrawnAt: at })]);

    // A second referral of the same talent that still holds consent keeps the data: no erase date stands.
    const taskId = await insertTask(t, { title: 'Another job' });
    await t.db
      .insertInto('referrals')
      .values({
        ...(await referral(made.id)),
        id: undefined,
        task_id: taskId,
        consent_status: 'CONFIRMED',
      })
      .execute();
    expect((await adminGet(`/api/admin/referrals/${made.id}`)).withdrawal).toMatchObject({ keptByOthers: true });
  });

  // The insight counters as the triggers kept them, and as migration 017's rebuild recounts them from the
  // referrals and their history: equal when the hiring move was recorded as a move.
  const counterValues: Record<string, string[]> = {
    insight_funnel: ['n', 'proofs_accepted', 'proofs_rejected'],
    insight_times: ['n'],
    insight_money: ['n', 'amount'],
    recruiter_scores: ['referred', 'consent_answered', 'reached_screening', 'hired'],
  };
  const countersNow = async () => {
    const all: Record<string, string[]> = {};
    for (const [table, values] of Object.entries(counterValues)) {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.db)).rows;
      // A counter brought back to 0 keeps its row; the rebuild writes none.
      all[table] = rows
        .filter((row) => values.some((v) => Number(row[v]) !== 0))
        .map((row) => JSON.stringify(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' ? v : Number(v)])))
        .sort();
    }
    return all;
  };
  const expectCountersRecounted = async () => {
    const kept = await countersNow();
    const { backfill, rebuild } = insightCounterSql(isPostgres(t.db));
    for (const statement of [...backfill, ...rebuild]) await sql.raw(statement).execute(t.db);
    expect(kept).toEqual(await countersNow());
  };
  const hiringLines = (id: number) =>
    t.db
      .selectFrom('referral_history')
      .select(['actor_id', 'from_value', 'to_value', 'note', 'created_at'])
      .where('referral_id', '=', id)
      .where('action', '=', 'HIRING_CHANGED')
      .orderBy('id')
      .execute();

  // Issue 42.5: the recruiter's chip, the admin's list and the Hiring Status page still read "Submitted".
  it('ends the application with the consent: a hiring status not final moves to WITHDRAWN, recorded', async () => {
    const { recruiter, referral: made } = await setup();
    const admin = await signIn(t, { roles: ['ROLE_ADMIN'] });
    const moved = await t.request(`/api/admin/referrals/${made.id}/hiring-status`, {
      method: 'POST',
      json: { to: 'SCREENING' },
      headers: admin.headers,
    });
    expect(moved.status).toBe(200);
    t.clock.advance(2 * 24 * HOUR);
    expect((await withdraw(made.consentToken)).status).toBe(200);
    const at = t.clock.now().toISOString();

    expect(await referral(made.id)).toMatchObject({
      consent_status: 'DECLINED',
      hiring_status: 'WITHDRAWN',
      hiring_reason: null,
      lost_at: 'SCREENING',
    });
    expect((await hiringLines(made.id)).at(-1)).toEqual({
      actor_id: null,
      from_value: 'SCREENING',
      to_value: 'WITHDRAWN',
      note: null,
      created_at: at,
    });
    await expectCountersRecounted();

    // The admin's list finds it under Withdrawn (its total from referral_counts), and no more under Screening.
    await refreshLogin(t, admin);
    const adminTotal = async (hiring: string) =>
      (await (await t.request(`/api/admin/referrals?hiring=${hiring}`, { headers: admin.headers })).json()).data.total;
    expect(await adminTotal('WITHDRAWN')).toBe(1);
    expect(await adminTotal('SCREENING')).toBe(0);
    // The recruiter's profile reads it from the same row and history (their Hiring Status page's timeline).
    await refreshLogin(t, recruiter);
    const detail = await t.request(`/api/recruiter/talent-task/${made.id}`, { headers: recruiter.headers });
    expect(detail.status).toBe(200);
    const data = (await detail.json()).data;
    expect(data.hiringStatus).toBe('WITHDRAWN');
    expect(data.history.filter((h: { action: string }) => h.action === 'HIRING_CHANGED').at(-1)).toMatchObject({
      fromValue: 'SCREENING',
      toValue: 'WITHDRAWN',
      actorKind: 'SYSTEM',
    });
  });

  it('leaves a hired referral hired when its consent is withdrawn before the reward is decided', async () => {
    const { referral: made } = await setup();
    await t.db.updateTable('referrals').set({ hiring_status: 'HIRED' }).where('id', '=', made.id).execute();
    expect((await withdraw(made.consentToken)).status).toBe(200);
    expect(await referral(made.id)).toMatchObject({ consent_status: 'DECLINED', hiring_status: 'HIRED' });
    expect(await hiringLines(made.id)).toEqual([]);
  });

  it('moves the referrals withdrawn before this release to WITHDRAWN on migrating (migration 024)', async () => {
    const { recruiter, referral: made } = await setup();
    const interview = await createReferral(t, recruiter.id, { talent: { full_name: 'Siti Aminah' } });
    expect((await answer(interview.consentToken, 'CONFIRMED')).status).toBe(200);
    const refused = await createReferral(t, recruiter.id, { talent: { full_name: 'Someone Else' } });
    expect((await answer(refused.consentToken, 'DECLINED')).status).toBe(200);
    t.clock.advance(HOUR);
    expect((await withdraw(made.consentToken)).status).toBe(200);
    const madeAt = t.clock.now().toISOString();
    t.clock.advance(HOUR);
    expect((await withdraw(interview.consentToken)).status).toBe(200);
    const interviewAt = t.clock.now().toISOString();

    // As the release before left them: withdrawn, the hiring status untouched, no hiring line.
    // 023 is the one before 024.
    await migrateUpTo(t.db, '2026-12-05-023-cp58');
    expect(await pendingMigrations(t.db)).toEqual(['2026-12-06-024-withdrawn-hiring']);
    await t.db.deleteFrom('referral_history').where('action', '=', 'HIRING_CHANGED').execute();
    await t.db
      .updateTable('referrals')
      .set({ hiring_status: 'SUBMITTED', lost_at: null })
      .where('id', '=', made.id)
      .execute();
    await t.db
      .updateTable('referrals')
      .set({ hiring_status: 'INTERVIEW', lost_at: null })
      .where('id', '=', interview.id)
      .execute();

    await migrateToLatest(t.db);
    expect(await referral(made.id)).toMatchObject({ hiring_status: 'WITHDRAWN', lost_at: 'SUBMITTED' });
    expect(await referral(interview.id)).toMatchObject({ hiring_status: 'WITHDRAWN', lost_at: 'INTERVIEW' });
    expect(await hiringLines(made.id)).toEqual([
      { actor_id: null, from_value: 'SUBMITTED', to_value: 'WITHDRAWN', note: null, created_at: madeAt },
    ]);
    expect(await hiringLines(interview.id)).toEqual([
      { actor_id: null, from_value: 'INTERVIEW', to_value: 'WITHDRAWN', note: null, created_at: interviewAt },
    ]);
    // A refusal is no withdrawal: it stays where it was.
    expect(await referral(refused.id)).toMatchObject({ hiring_status: 'SUBMITTED' });
    expect(await hiringLines(refused.id)).toEqual([]);
    await expectCountersRecounted();
  });

  // Issue 42.6: the folder said "Consent declined" and "In review", the declined filter returned the
  // withdrawn talent, and the task's counts read 1 declined and 2 in review beside "Consent withdrawn".
  it('tells a withdrawal from a refusal in every list, count and filter of the recruiter and the admin', async () => {
    const { recruiter, referral: made } = await setup();
    const taskId = (await referral(made.id)).task_id;
    const refused = await createReferral(t, recruiter.id, { taskId, talent: { full_name: 'Someone Else' } });
    expect((await answer(refused.consentToken, 'DECLINED')).status).toBe(200);
    const waiting = await createReferral(t, recruiter.id, { taskId, talent: { full_name: 'Still Waiting' } });
    expect((await withdraw(made.consentToken)).status).toBe(200);
    const at = t.clock.now().toISOString();
    const admin = await signIn(t, { roles: ['ROLE_ADMIN'] });
    await refreshLogin(t, recruiter);
    const get = async (path: string, who: { headers: Record<string, string> }) => {
      const res = await t.request(path, { headers: who.headers });
      expect(res.status, path).toBe(200);
      return (await res.json()).data;
    };
    const ids = (page: { items: { id: number }[] }) => page.items.map((r) => r.id).sort((a, b) => a - b);

    // The talents folder: each referral says whether its consent was withdrawn; the filters tell them apart.
    const folder = await get('/api/recruiter/talent', recruiter);
    const card = folder.items.find((talent: { id: number }) => talent.id === made.talentId);
    expect(card.referrals).toEqual([expect.objectContaining({ id: made.id, consentWithdrawnAt: at })]);
    const talentIds = async (query: string) => ids(await get(`/api/recruiter/talent?${query}`, recruiter));
    expect(await talentIds('consent=WITHDRAWN')).toEqual([made.talentId]);
    expect(await talentIds('consent=DECLINED')).toEqual([refused.talentId]);
    expect((await get('/api/recruiter/talent?consent=DECLINED', recruiter)).total).toBe(1);
    expect(await talentIds('reward=IN_REVIEW')).toEqual([refused.talentId, waiting.talentId].sort((a, b) => a - b));

    // The talent view of Manage Task (referrals across tasks), the same.
    const referralIds = async (query: string) => ids(await get(`/api/recruiter/talent-task?${query}`, recruiter));
    expect(await referralIds('consent=WITHDRAWN')).toEqual([made.id]);
    expect(await referralIds('consent=DECLINED')).toEqual([refused.id]);
    expect(await referralIds('reward=IN_REVIEW')).toEqual([refused.id, waiting.id]);

    // The task's counts: one of each consent, the withdrawn reward closed (not rewarded), not in review.
    const task = await get(`/api/recruiter/recruiter/task/${taskId}`, recruiter);
    expect(task.counts).toMatchObject({
      total: 3,
      consentPending: 1,
      consentDeclined: 1,
      consentWithdrawn: 1,
      rewardInReview: 2,
      rewardNotRewarded: 1,
    });

    // The admin's Hiring Status list: the filters and their totals (from referral_counts without a search,
    // by a count with one).
    for (const search of ['', '&search=Senior']) {
      const adminList = async (query: string) => get(`/api/admin/referrals?${query}${search}`, admin);
      expect(ids(await adminList('consent=WITHDRAWN')), search).toEqual([made.id]);
      expect((await adminList('consent=WITHDRAWN')).total).toBe(1);
      expect(ids(await adminList('consent=DECLINED'))).toEqual([refused.id]);
      expect((await adminList('consent=DECLINED')).total).toBe(1);
      expect(ids(await adminList('reward=IN_REVIEW'))).toEqual([refused.id, waiting.id]);
      expect((await adminList('reward=IN_REVIEW')).total).toBe(2);
      expect((await adminList('consent=DECLINED&reward=IN_REVIEW')).total).toBe(1);
      expect((await adminList('consent=WITHDRAWN&hiring=WITHDRAWN')).total).toBe(1);
      expect((await adminList('consent=WITHDRAWN&hiring=SUBMITTED')).total).toBe(0);
    }
  });

  // Issue 42.14: a closed reward still offered Approve, Reject, Ineligible and Invalid to the admin.
  it('closes the reward of a withdrawn referral: no decision, single or bulk, a refused one still decidable', async () => {
    const { recruiter, referral: made } = await setup();
    const refused = await createReferral(t, recruiter.id, { talent: { full_name: 'Someone Else' } });
    expect((await answer(refused.consentToken, 'DECLINED')).status).toBe(200);
    expect((await withdraw(made.consentToken)).status).toBe(200);
    const admin = await signIn(t, { roles: ['ROLE_ADMIN'] });
    const decide = (id: number, decision: string) =>
      t.request(`/api/admin/referrals/${id}/reward`, {
        method: 'POST',
        json: { decision, ...(decision === 'APPROVED' ? {} : { reason: 'Not a fit.' }) },
        headers: admin.headers,
      });

    const detail = async (id: number) =>
      (await (await t.request(`/api/admin/referrals/${id}`, { headers: admin.headers })).json()).data;
    expect(await detail(made.id)).toMatchObject({ rewardStatus: null, rewardDecidable: false });
    for (const decision of ['APPROVED', 'REJECTED', 'INELIGIBLE', 'NOT_VALID']) {
      const res = await decide(made.id, decision);
      expect(res.status, decision).toBe(409);
      expect((await res.json()).error).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringContaining('withdrew their consent'),
        fields: { decision: 'reward_closed_withdrawn' },
      });
    }
    const bulk = await t.request('/api/admin/referrals/reward/bulk', {
      method: 'POST',
      json: { referralIds: [made.id, refused.id], decision: 'REJECTED', reason: 'Not a fit.' },
      headers: admin.headers,
    });
    const results = (await bulk.json()).data?.results;
    expect(results?.[0]).toMatchObject({ ok: false, fields: { decision: 'reward_closed_withdrawn' } });
    expect(results?.[1]).toMatchObject({ ok: true, rewardStatus: 'REJECTED' });
    expect((await referral(made.id)).reward_status).toBeNull();
    expect(
      await t.db.selectFrom('referral_history').select('id').where('action', '=', 'REWARD_CHANGED').execute(),
    ).toHaveLength(1);
    // A refusal is no withdrawal: its reward stays the admin's to decide.
    expect(await detail(refused.id)).toMatchObject({ rewardDecidable: true });
  });

  it('gives exactly one of two simultaneous withdrawals', async () => {
    const { referral: made } = await setup();
    const results = await Promise.all([withdraw(made.consentToken), withdraw(made.consentToken)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await withdrawnMails()).toHaveLength(1);
  });

  it('refuses an unknown token, an expired unanswered one, a declined one and a final referral', async () => {
    const { referral: made } = await setup({ confirm: false });
    const unknown = await withdraw('x'.repeat(43));
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('INVALID_TOKEN');
    // Not answered yet: there is no consent to withdraw (the page offers the question instead).
    expect((await withdraw(made.consentToken)).status).toBe(409);
    // Expired unanswered.
    t.clock.advance(73 * HOUR);
    const expired = await withdraw(made.consentToken);
    expect(expired.status).toBe(410);
    expect((await expired.json()).error.code).toBe('TOKEN_EXPIRED');
    expect(await view(made.consentToken)).toMatchObject({ state: 'EXPIRED', withdrawable: false });

    // A talent who declined has nothing to withdraw.
    const recruiter = await signIn(t, { email: 'other@example.com' });
    const declined = await createReferral(t, recruiter.id);
    expect((await answer(declined.consentToken, 'DECLINED')).status).toBe(200);
    expect((await withdraw(declined.consentToken)).status).toBe(409);

    // A final referral (rejected) keeps its record as it is.
    const rejected = await createReferral(t, recruiter.id);
    expect((await answer(rejected.consentToken, 'CONFIRMED')).status).toBe(200);
    await t.db.updateTable('referrals').set({ hiring_status: 'REJECTED' }).where('id', '=', rejected.id).execute();
    expect(await view(rejected.consentToken)).toMatchObject({ withdrawable: false });
    expect((await withdraw(rejected.consentToken)).status).toBe(409);
    expect((await referral(rejected.id)).consent_status).toBe('CONFIRMED');
    expect(await withdrawnMails()).toHaveLength(0);
  });

  it('works from the ITA link too, which then stops asking', async () => {
    const { recruiter, referral: made } = await setup();
    const sent = await t.request('/api/recruiter/talent-task/resend-ita/email', {
      method: 'POST',
      json: { referralId: made.id },
      headers: recruiter.headers,
    });
    expect(sent.status).toBe(200);
    const itaToken = await lastToken(t, 'ita_request');
    // A consent token is no ITA token, and the other way round.
    expect((await withdraw(made.consentToken, 'ita')).status).toBe(404);
    expect(await view(itaToken, 'ita')).toMatchObject({ state: 'OPEN', withdrawable: true });

    const res = await withdraw(itaToken, 'ita');
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ kind: 'ITA', withdrawnAt: t.clock.now().toISOString() });
    expect(await referral(made.id)).toMatchObject({ consent_status: 'DECLINED' });
    // The open ITA question is void: it can no longer be answered.
    expect((await answer(itaToken, 'CONFIRMED', 'ita')).status).toBe(410);
    expect(await withdrawnMails()).toHaveLength(1);
  });

  it('logs no talent data while withdrawing', async () => {
    const { referral: made } = await setup();
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(() => {}),
    );
    expect((await withdraw(made.consentToken)).status).toBe(200);
    const logged = JSON.stringify(spies.flatMap((spy) => spy.mock.calls));
    for (const secret of ['Aisyah', 'aisyah@example.com', made.consentToken]) expect(logged).not.toContain(secret);
  });
});
