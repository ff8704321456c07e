import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tinyPng } from '#src/server/db/demo/files.ts';
import { HIRING_TRANSITIONS } from '#src/shared/admin-referral-schemas.ts';
import type {
  AdminCallProofItem,
  AdminReferralDetail,
  AdminReferralRow,
  BulkRewardResult,
  HiringChanged,
  RewardDecided,
} from '#src/shared/admin-referral-types.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import { HIRING_STATUSES, type HiringStatus } from '#src/shared/enums.ts';
import {
  adminCaller,
  type Caller,
  call,
  caller,
  consentedReferral,
  emailsOf,
  historyOf,
  ok,
  referralRow,
} from './helpers/money-fixtures';
import { insertPromo, insertTalent, insertTask, referNewTalent } from './helpers/rows';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const MINUTE = 60_000;
const BASE = '/api/admin/referrals';

describe.each(DIALECTS)('hiring status and rewards on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let recruiter: Caller;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await adminCaller(t);
    recruiter = await caller(t, { email: 'rina@example.com', locale: 'ms' });
  });
  afterEach(async () => {
    await t.close();
  });

  const decide = (id: number, json: unknown, who: Caller = admin) => call(t, who, 'POST', `${BASE}/${id}/reward`, json);
  const approve = (id: number, who: Caller = admin) => ok<RewardDecided>(decide(id, { decision: 'APPROVED' }, who));
  const moveHiring = (id: number, json: unknown) => call(t, admin, 'POST', `${BASE}/${id}/hiring-status`, json);
  const list = (query = '') =>
    ok<ListPage<AdminReferralRow>>(call(t, admin, 'GET', `${BASE}${query ? `?${query}` : ''}`));
  const detail = (id: number) => ok<AdminReferralDetail>(call(t, admin, 'GET', `${BASE}/${id}`));

  /** A call proof uploaded by the referral's recruiter, as the app uploads it. */
  async function uploadProof(referralId: number, who: Caller = recruiter) {
    const body = new FormData();
    body.set('referralId', String(referralId));
    body.set('calledAt', new Date(t.clock.now().getTime() - 30 * MINUTE).toISOString());
    body.set('note', 'Talked about the role.');
    body.set('file', new File([new Uint8Array(tinyPng(3))], 'call.png', { type: 'image/png' }));
    const res = await t.request('/api/recruiter/talent-task/call-proof', {
      method: 'POST',
      headers: bearer(who.token),
      body,
    });
    expect(res.status).toBe(201);
    return (await res.json()).data as { id: number; file: { id: number } };
  }

  describe('authorization', () => {
    it('answers every call to an admin only: 401 anonymous, 403 recruiter', async () => {
      const taskId = await insertTask(t);
      const referralId = await consentedReferral(t, recruiter.id, taskId);
      const proof = await uploadProof(referralId);
      const calls: Array<[string, string, unknown?]> = [
        ['GET', ''],
        ['GET', `/${referralId}`],
        ['POST', `/${referralId}/hiring-status`, { to: 'SCREENING' }],
        ['POST', `/call-proofs/${proof.id}/review`, { decision: 'ACCEPTED' }],
        ['POST', `/${referralId}/reward`, { decision: 'APPROVED' }],
        ['POST', '/reward/bulk', { referralIds: [referralId], decision: 'REJECTED', reason: 'Duplicate.' }],
      ];
      for (const [method, path, json] of calls) {
        expect((await call(t, null, method, `${BASE}${path}`, json)).status, `${method} ${path}`).toBe(401);
        expect((await call(t, recruiter, method, `${BASE}${path}`, json)).status, `${method} ${path}`).toBe(403);
        expect((await call(t, admin, method, `${BASE}${path}`, json)).status, `${method} ${path}`).toBe(200);
      }
    });
  });

  describe('the referral list', () => {
    it('lists every recruiter’s referrals, newest first, with whose they are and their call proofs', async () => {
      const other = await caller(t, { email: 'omar@example.com' });
      const taskId = await insertTask(t, { title: 'Barista' });
      const first = await referNewTalent(t, recruiter.id, taskId);
      t.clock.advance(MINUTE);
      const second = await referNewTalent(t, other.id, taskId);
      await uploadProof(first);

      const page = await list();
      expect(page.total).toBe(2);
      expect(page.items.map((r) => r.id)).toEqual([second, first]);
      expect(page.items[1]).toMatchObject({
        recruiterId: recruiter.id,
        recruiterEmail: 'rina@example.com',
        taskTitle: 'Barista',
        rewardStatus: null,
        callProofs: { total: 1, needReview: 1, accepted: 0, rejected: 0 },
      });
      expect(page.items[0]?.recruiterEmail).toBe('omar@example.com');
    });

    it('keeps a referral under "call proofs need review" while any of its proofs waits, and drops it when none does', async () => {
      const task = await insertTask(t);
      const referral = await consentedReferral(t, recruiter.id, task);
      const needReview = async () => (await list('call=NEED_REVIEW')).items.map((r) => r.id);
      const first = await uploadProof(referral);
      const second = await uploadProof(referral);
      expect(await needReview()).toEqual([referral]);

      await ok(call(t, admin, 'POST', `${BASE}/call-proofs/${first.id}/review`, { decision: 'ACCEPTED' }));
      expect(await needReview()).toEqual([referral]); // the second still waits

      await ok(call(t, recruiter, 'DELETE', `/api/recruiter/talent-task/call-proof/${second.id}`));
      expect(await needReview()).toEqual([]);
      expect((await list('call=NEED_REVIEW')).total).toBe(0);

      const third = await uploadProof(referral);
      await ok(
        call(t, admin, 'POST', `${BASE}/call-proofs/${third.id}/review`, { decision: 'REJECTED', reason: 'Silent.' }),
      );
      expect(await needReview()).toEqual([]);
    });

    it('filters by task, recruiter, hiring status, consent, reward (in review too) and call proofs needing review', async () => {
      const other = await caller(t, { email: 'omar@example.com' });
      const taskA = await insertTask(t);
      const taskB = await insertTask(t);
      const a1 = await referNewTalent(t, recruiter.id, taskA);
      const a2 = await consentedReferral(t, recruiter.id, taskA, { hiring_status: 'INTERVIEW' });
      const b1 = await consentedReferral(t, other.id, taskB, {
        reward_status: 'APPROVED',
        reward_amount: 10_000,
        reward_currency: 'MYR',
      });
      const b2 = await referNewTalent(t, other.id, taskB, { consent_status: 'DECLINED', reward_status: 'NOT_VALID' });
      const proof = await uploadProof(a2);
      await uploadProof(b2, other);
      await ok(call(t, admin, 'POST', `${BASE}/call-proofs/${proof.id}/review`, { decision: 'ACCEPTED' }));

      const ids = async (query: string) => (await list(query)).items.map((r) => r.id).sort((x, y) => x - y);
      expect(await ids(`taskId=${taskA}`)).toEqual([a1, a2]);
      expect(await ids(`recruiterId=${other.id}`)).toEqual([b1, b2]);
      expect(await ids('hiring=INTERVIEW')).toEqual([a2]);
      expect(await ids('consent=CONFIRMED')).toEqual([a2, b1]);
      expect(await ids('consent=PENDING')).toEqual([a1]);
      expect(await ids('reward=IN_REVIEW')).toEqual([a1, a2]);
      expect(await ids('reward=APPROVED')).toEqual([b1]);
      expect(await ids('call=NEED_REVIEW')).toEqual([b2]);
      expect(await ids('call=ALL')).toEqual([a1, a2, b1, b2]);
      expect(await ids(`call=NEED_REVIEW&recruiterId=${recruiter.id}`)).toEqual([]);
      // Filters combine, narrowed to a task or a recruiter too.
      expect(await ids(`taskId=${taskA}&reward=IN_REVIEW`)).toEqual([a1, a2]);
      expect(await ids(`taskId=${taskB}&reward=APPROVED`)).toEqual([b1]);
      expect(await ids(`taskId=${taskB}&reward=IN_REVIEW`)).toEqual([]);
      expect(await ids(`recruiterId=${recruiter.id}&consent=CONFIRMED`)).toEqual([a2]);
      expect(await ids(`recruiterId=${recruiter.id}&hiring=INTERVIEW&consent=CONFIRMED`)).toEqual([a2]);
      expect(await ids(`recruiterId=${other.id}&taskId=${taskB}&consent=DECLINED&reward=NOT_VALID`)).toEqual([b2]);
      expect(await ids('consent=CONFIRMED&reward=IN_REVIEW')).toEqual([a2]);
    });

    it('searches talent name and e-mail, task code and title, and recruiter name', async () => {
      await t.db.updateTable('users').set({ full_name: 'Rina Salleh' }).where('id', '=', recruiter.id).execute();
      const other = await caller(t, { email: 'omar@example.com' });
      const barista = await insertTask(t, { title: 'Barista' });
      const driver = await insertTask(t, { title: 'Lorry Driver' });
      const aisyah = await insertTalent(t, recruiter.id, { full_name: 'Aisyah Rahman', email: 'aisyah@mail.my' });
      const byRina = await referNewTalent(t, recruiter.id, barista);
      const { insertReferral } = await import('./helpers/rows');
      const aisyahReferral = await insertReferral(t, aisyah, driver);
      const byOmar = await referNewTalent(t, other.id, driver);
      const driverCode = (
        await t.db.selectFrom('tasks').select('code').where('id', '=', driver).executeTakeFirstOrThrow()
      ).code;

      const ids = async (search: string) =>
        (await list(`search=${encodeURIComponent(search)}`)).items.map((r) => r.id).sort((x, y) => x - y);
      expect(await ids('aisyah rah')).toEqual([aisyahReferral]);
      expect(await ids('@MAIL.my')).toEqual([aisyahReferral]);
      expect(await ids('barista')).toEqual([byRina]);
      expect(await ids(driverCode)).toEqual([aisyahReferral, byOmar]);
      expect(await ids('salleh')).toEqual([byRina, aisyahReferral]);
      expect(await ids('100%')).toEqual([]);
    });

    it('pages with the page sizes of the seed', async () => {
      const taskId = await insertTask(t);
      const ids: number[] = [];
      for (let i = 0; i < 23; i += 1) {
        ids.push(await referNewTalent(t, recruiter.id, taskId));
        t.clock.advance(1000);
      }
      const newestFirst = ids.reverse();
      const third = await list('page=3&pageSize=10');
      expect(third).toMatchObject({ page: 3, pageSize: 10, total: 23 });
      expect(third.items.map((r) => r.id)).toEqual(newestFirst.slice(20));
      expect((await list('pageSize=20')).items).toHaveLength(20);
      expect((await call(t, admin, 'GET', `${BASE}?pageSize=25`)).status).toBe(400);
      expect((await call(t, admin, 'GET', `${BASE}?reward=MAYBE`)).status).toBe(400);
    });
  });

  describe('a referral’s detail', () => {
    it('shows call proofs whose files the admin can open, the task’s reward and quota, and the history', async () => {
      const taskId = await insertTask(t, { reward_amount: 12_000, quota: 2 });
      const promoId = await insertPromo(t, [taskId], { bonus_amount: 3_000 });
      const referralId = await consentedReferral(t, recruiter.id, taskId, {
        promo_id: promoId,
        hiring_status: 'OFFERED',
      });
      const proof = await uploadProof(referralId);

      const data = await detail(referralId);
      expect(data).toMatchObject({
        id: referralId,
        recruiterId: recruiter.id,
        task: { id: taskId, rewardAmount: 12_000, rewardCurrency: 'MYR', quota: 2, quotaUsed: 0, status: 'OPEN' },
        promo: { id: promoId, bonusAmount: 3_000 },
        rewardIfApproved: { amount: 15_000, currency: 'MYR' },
        hiringNext: ['HIRED', 'REJECTED', 'WITHDRAWN'],
        rewardDecidable: true,
        approvable: true,
        payment: null,
      });
      expect(data.callProofList).toHaveLength(1);
      expect(data.callProofList[0]).toMatchObject({ id: proof.id, reviewStatus: 'NEED_REVIEW', reviewedBy: null });
      expect(data.history.map((h) => h.action)).toEqual(['CALL_PROOF_ADDED']);

      const file = await t.request(`/api/files/${data.callProofList[0]?.file.id}?disposition=inline`, {
        headers: bearer(admin.token),
      });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(tinyPng(3)));
    });

    it('answers 404 for a referral that does not exist', async () => {
      expect((await call(t, admin, 'GET', `${BASE}/999`)).status).toBe(404);
    });
  });

  describe('hiring status', () => {
    const pairs = HIRING_STATUSES.flatMap((from) => HIRING_STATUSES.map((to) => [from, to] as const));

    it('moves along every allowed transition, with who and when in the history', async () => {
      const taskId = await insertTask(t);
      const allowed = pairs.filter(([from, to]) => HIRING_TRANSITIONS[from].includes(to));
      expect(allowed).toHaveLength(12);
      for (const [from, to] of allowed) {
        const id = await consentedReferral(t, recruiter.id, taskId, { hiring_status: from });
        t.clock.advance(MINUTE);
        const res = await moveHiring(id, { to, reason: `To ${to}.` });
        expect(res.status, `${from} → ${to}`).toBe(200);
        expect(res.body.data as HiringChanged).toEqual({
          referralId: id,
          hiringStatus: to,
          hiringNext: [...HIRING_TRANSITIONS[to]],
        });
        expect((await referralRow(t, id)).hiring_status).toBe(to);
        const [entry] = await historyOf(t, id);
        expect(entry).toMatchObject({
          actor_id: admin.id,
          action: 'HIRING_CHANGED',
          from_value: from,
          to_value: to,
          note: `To ${to}.`,
          created_at: t.clock.now().toISOString(),
        });
      }
    });

    it('walks a referral from SUBMITTED to HIRED, one step at a time', async () => {
      const id = await consentedReferral(t, recruiter.id, await insertTask(t));
      for (const to of ['SCREENING', 'INTERVIEW', 'OFFERED', 'HIRED'] as const) {
        expect((await moveHiring(id, { to, reason: to === 'HIRED' ? 'Signed the offer.' : undefined })).status).toBe(
          200,
        );
      }
      const data = await detail(id);
      expect(data.hiringStatus).toBe('HIRED');
      expect(data.hiringNext).toEqual([]);
      expect(data.history.map((h) => `${h.fromValue}→${h.toValue} ${h.actorKind}`)).toEqual([
        'SUBMITTED→SCREENING ADMIN',
        'SCREENING→INTERVIEW ADMIN',
        'INTERVIEW→OFFERED ADMIN',
        'OFFERED→HIRED ADMIN',
      ]);
    });

    it('moves a referral forward only once the talent has confirmed consent, and ends it whatever the consent', async () => {
      // The privacy policy: a profile is put before the hiring company only after the talent's consent.
      const taskId = await insertTask(t);
      for (const consent of ['PENDING', 'DECLINED'] as const) {
        for (const from of ['SUBMITTED', 'SCREENING', 'INTERVIEW', 'OFFERED'] as const) {
          const id = await referNewTalent(t, recruiter.id, taskId, { hiring_status: from, consent_status: consent });
          expect((await detail(id)).hiringNext, `${from}, consent ${consent}`).toEqual(['REJECTED', 'WITHDRAWN']);
          const forward = HIRING_TRANSITIONS[from][0] as HiringStatus;
          const res = await moveHiring(id, { to: forward, reason: 'Signed.' });
          expect(res.status, `${from} → ${forward}, consent ${consent}`).toBe(409);
          expect(res.body.error.fields).toEqual({ to: 'hiring_needs_consent' });
          expect(res.body.error.message).toContain(`consent is ${consent}`);
          expect((await referralRow(t, id)).hiring_status).toBe(from);
          expect(await historyOf(t, id)).toEqual([]);
          const ended = await moveHiring(id, { to: 'WITHDRAWN', reason: 'The talent declined.' });
          expect(ended.status).toBe(200);
          expect((ended.body.data as HiringChanged).hiringNext).toEqual([]);
        }
      }
      // Confirmed, the same referral moves on, and the answer offers the next step.
      const id = await referNewTalent(t, recruiter.id, taskId);
      await t.db.updateTable('referrals').set({ consent_status: 'CONFIRMED' }).where('id', '=', id).execute();
      expect((await detail(id)).hiringNext).toEqual(['SCREENING', 'REJECTED', 'WITHDRAWN']);
      expect((await moveHiring(id, { to: 'SCREENING' })).status).toBe(200);
    });

    it('refuses every other move with a clear message, and changes nothing', async () => {
      const taskId = await insertTask(t);
      const refused = pairs.filter(([from, to]) => !HIRING_TRANSITIONS[from].includes(to));
      expect(refused).toHaveLength(37);
      for (const [from, to] of refused) {
        const id = await referNewTalent(t, recruiter.id, taskId, { hiring_status: from });
        const res = await moveHiring(id, { to, reason: 'Not a fit.' });
        expect(res.status, `${from} → ${to}`).toBe(409);
        expect(res.body.error.code).toBe('CONFLICT');
        expect(res.body.error.message).toContain(`from ${from} to ${to}`);
        expect(res.body.error.fields).toEqual({ to: 'hiring_transition_refused' });
        expect((await referralRow(t, id)).hiring_status).toBe(from);
        expect(await historyOf(t, id)).toEqual([]);
      }
      const id = await referNewTalent(t, recruiter.id, taskId, { hiring_status: 'HIRED' });
      expect((await moveHiring(id, { to: 'REJECTED', reason: 'Not a fit.' })).body.error.message).toBe(
        'The hiring status cannot move from HIRED to REJECTED: HIRED is final.',
      );
    });

    it('refuses an unknown status and a referral that does not exist', async () => {
      const id = await referNewTalent(t, recruiter.id, await insertTask(t));
      expect((await moveHiring(id, { to: 'PROMOTED' })).status).toBe(400);
      expect((await moveHiring(999, { to: 'SCREENING' })).status).toBe(404);
    });
  });

  describe('call proof review', () => {
    const review = (id: number, json: unknown) => call(t, admin, 'POST', `${BASE}/call-proofs/${id}/review`, json);

    it('accepts a call proof once, naming the reviewer', async () => {
      const referralId = await consentedReferral(t, recruiter.id, await insertTask(t));
      const proof = await uploadProof(referralId);
      t.clock.advance(MINUTE);
      const item = await ok<AdminCallProofItem>(review(proof.id, { decision: 'ACCEPTED' }));
      expect(item).toMatchObject({
        id: proof.id,
        reviewStatus: 'ACCEPTED',
        reviewReason: null,
        reviewedAt: t.clock.now().toISOString(),
        reviewedBy: { id: admin.id, name: 'Test User 1' },
      });
      const again = await review(proof.id, { decision: 'REJECTED', reason: 'Too short.' });
      expect(again.status).toBe(409);
      expect(again.body.error.fields).toEqual({ decision: 'call_proof_already_reviewed' });
      const history = await historyOf(t, referralId);
      expect(history.at(-1)).toMatchObject({
        actor_id: admin.id,
        action: 'CALL_PROOF_REVIEWED',
        from_value: 'NEED_REVIEW',
        to_value: 'ACCEPTED',
      });
      // The recruiter can no longer delete it.
      const del = await t.request(`/api/recruiter/talent-task/call-proof/${proof.id}`, {
        method: 'DELETE',
        headers: bearer(recruiter.token),
      });
      expect(del.status).toBe(409);
    });

    it('rejects a call proof only with a reason, which the history and the recruiter see', async () => {
      const referralId = await consentedReferral(t, recruiter.id, await insertTask(t));
      const proof = await uploadProof(referralId);
      const missing = await review(proof.id, { decision: 'REJECTED' });
      expect(missing.status).toBe(400);
      expect(missing.body.error.fields).toEqual({ reason: 'field_required' });
      expect((await review(proof.id, { decision: 'REJECTED', reason: '   ' })).status).toBe(400);

      const item = await ok<AdminCallProofItem>(
        review(proof.id, { decision: 'REJECTED', reason: 'The screenshot shows no call.' }),
      );
      expect(item).toMatchObject({ reviewStatus: 'REJECTED', reviewReason: 'The screenshot shows no call.' });
      expect((await historyOf(t, referralId)).at(-1)).toMatchObject({
        action: 'CALL_PROOF_REVIEWED',
        to_value: 'REJECTED',
        note: 'The screenshot shows no call.',
      });
      const mine = await t.request(`/api/recruiter/talent-task/${referralId}`, { headers: bearer(recruiter.token) });
      expect((await mine.json()).data.callProofList[0]).toMatchObject({
        reviewStatus: 'REJECTED',
        reviewReason: 'The screenshot shows no call.',
      });
    });

    it('answers 404 for a call proof that does not exist and 400 for an unknown decision', async () => {
      expect((await review(999, { decision: 'ACCEPTED' })).status).toBe(404);
      const proof = await uploadProof(await consentedReferral(t, recruiter.id, await insertTask(t)));
      expect((await review(proof.id, { decision: 'MAYBE' })).status).toBe(400);
    });
  });

  describe('reward decisions', () => {
    it('approves a consented referral, fixing the task reward plus the promo bonus at that moment', async () => {
      const taskId = await insertTask(t, { reward_amount: 20_000, reward_currency: 'MYR' });
      const promoId = await insertPromo(t, [taskId], { bonus_amount: 5_000 });
      const id = await consentedReferral(t, recruiter.id, taskId, { promo_id: promoId });
      t.clock.advance(MINUTE);

      const decided = await approve(id);
      expect(decided).toEqual({
        referralId: id,
        rewardStatus: 'APPROVED',
        rewardAmount: 25_000,
        rewardCurrency: 'MYR',
        rewardReason: null,
        decidedAt: t.clock.now().toISOString(),
      });
      expect(await referralRow(t, id)).toMatchObject({
        reward_status: 'APPROVED',
        reward_amount: 25_000,
        reward_currency: 'MYR',
        reward_decided_by: admin.id,
        reward_decided_at: t.clock.now().toISOString(),
      });

      // Changing the task's reward or the promo's bonus afterwards leaves the decided amount.
      await t.db.updateTable('tasks').set({ reward_amount: 99_000 }).where('id', '=', taskId).execute();
      await t.db.updateTable('promos').set({ bonus_amount: 1 }).where('id', '=', promoId).execute();
      expect(await referralRow(t, id)).toMatchObject({ reward_amount: 25_000, reward_currency: 'MYR' });
      expect((await detail(id)).rewardAmount).toBe(25_000);
      // A new approval on the same task takes the task's reward as it is now.
      const later = await consentedReferral(t, recruiter.id, taskId);
      expect((await approve(later)).rewardAmount).toBe(99_000);
    });

    it('adds no promo bonus to a referral made outside a promo, nor one in another currency', async () => {
      const taskId = await insertTask(t, { reward_amount: 20_000 });
      const sgdPromo = await insertPromo(t, [taskId], { bonus_amount: 5_000, bonus_currency: 'SGD' });
      const plain = await consentedReferral(t, recruiter.id, taskId);
      const withSgdBonus = await consentedReferral(t, recruiter.id, taskId, { promo_id: sgdPromo });
      expect((await approve(plain)).rewardAmount).toBe(20_000);
      expect((await approve(withSgdBonus)).rewardAmount).toBe(20_000);
    });

    it('records each non-rewarded outcome with its reason, and requires one', async () => {
      const taskId = await insertTask(t);
      for (const decision of ['REJECTED', 'INELIGIBLE', 'NOT_VALID'] as const) {
        const id = await consentedReferral(t, recruiter.id, taskId);
        const missing = await decide(id, { decision });
        expect(missing.status, decision).toBe(400);
        expect(missing.body.error.fields).toEqual({ reason: 'field_required' });
        expect((await decide(id, { decision, reason: '' })).status).toBe(400);
        expect((await referralRow(t, id)).reward_status).toBeNull();

        const decided = await ok<RewardDecided>(decide(id, { decision, reason: `Because ${decision}.` }));
        expect(decided).toMatchObject({
          rewardStatus: decision,
          rewardAmount: null,
          rewardReason: `Because ${decision}.`,
        });
        expect(await referralRow(t, id)).toMatchObject({
          reward_status: decision,
          reward_amount: null,
          reward_reason: `Because ${decision}.`,
          reward_decided_by: admin.id,
        });
      }
      expect((await decide(1, { decision: 'EXCEED_QUOTA', reason: 'x' })).status).toBe(400);
      expect((await decide(999, { decision: 'APPROVED' })).status).toBe(404);
    });

    it('approves only once the talent has confirmed consent', async () => {
      const taskId = await insertTask(t);
      for (const consent of ['PENDING', 'DECLINED'] as const) {
        const id = await referNewTalent(t, recruiter.id, taskId, { consent_status: consent });
        const res = await decide(id, { decision: 'APPROVED' });
        expect(res.status).toBe(409);
        expect(res.body.error.message).toContain(`consent is ${consent}`);
        expect(res.body.error.fields).toEqual({ decision: 'reward_consent_required' });
        expect((await referralRow(t, id)).reward_status).toBeNull();
      }
      // Other outcomes need no consent.
      const declined = await referNewTalent(t, recruiter.id, taskId, { consent_status: 'DECLINED' });
      expect((await decide(declined, { decision: 'NOT_VALID', reason: 'Declined consent.' })).status).toBe(200);
    });

    it('lets an admin correct a decision until the referral is in a payment, each change in the history', async () => {
      const taskId = await insertTask(t, { reward_amount: 10_000 });
      const id = await consentedReferral(t, recruiter.id, taskId);
      await approve(id);
      const again = await decide(id, { decision: 'APPROVED' });
      expect(again.status).toBe(409);
      expect(again.body.error.fields).toEqual({ decision: 'reward_unchanged' });

      t.clock.advance(MINUTE);
      await ok(decide(id, { decision: 'REJECTED', reason: 'Wrong person.' }));
      expect(await referralRow(t, id)).toMatchObject({
        reward_status: 'REJECTED',
        reward_amount: null,
        reward_currency: null,
      });
      expect((await decide(id, { decision: 'REJECTED', reason: 'Wrong person.' })).status).toBe(409);
      await ok(decide(id, { decision: 'REJECTED', reason: 'Wrong person: a duplicate.' }));
      t.clock.advance(MINUTE);
      expect((await approve(id)).rewardAmount).toBe(10_000);

      const history = (await historyOf(t, id)).map((h) => [h.actor_id, h.from_value, h.to_value, h.note]);
      expect(history).toEqual([
        [admin.id, null, 'APPROVED', null],
        [admin.id, 'APPROVED', 'REJECTED', 'Wrong person.'],
        [admin.id, 'REJECTED', 'REJECTED', 'Wrong person: a duplicate.'],
        [admin.id, 'REJECTED', 'APPROVED', null],
      ]);
      expect((await historyOf(t, id)).every((h) => h.action === 'REWARD_CHANGED')).toBe(true);

      const payment = await ok<{ id: number }>(
        call(t, admin, 'POST', '/api/admin/payments', { recruiterId: recruiter.id, referralIds: [id] }),
        201,
      );
      const locked = await decide(id, { decision: 'REJECTED', reason: 'Too late.' });
      expect(locked.status).toBe(409);
      expect(locked.body.error.fields).toEqual({ decision: 'reward_in_payment' });
      expect(locked.body.error.message).toContain(`payment #${payment.id}`);
      expect((await detail(id)).rewardDecidable).toBe(false);
    });

    it('queues the reward e-mail to the recruiter in their language, with the reason when not rewarded', async () => {
      const taskId = await insertTask(t, { title: 'Barista', reward_amount: 15_000 });
      const talent = await insertTalent(t, recruiter.id, { full_name: 'Aisyah Rahman' });
      const { insertReferral } = await import('./helpers/rows');
      const approved = await insertReferral(t, talent, taskId, { consent_status: 'CONFIRMED' });
      const rejected = await consentedReferral(t, recruiter.id, taskId);
      await approve(approved);
      await ok(decide(rejected, { decision: 'INELIGIBLE', reason: 'Not a Malaysian resident.' }));

      const mails = await emailsOf(t, 'reward_decided');
      expect(mails).toHaveLength(2);
      expect(mails[0]).toMatchObject({
        to_address: 'rina@example.com',
        locale: 'ms',
        status: 'PENDING',
        payload: {
          name: 'Test User 2',
          talentName: 'Aisyah Rahman',
          taskTitle: 'Barista',
          status: 'APPROVED',
          amount: 15_000,
          currency: 'MYR',
          reason: null,
        },
      });
      expect(mails[1]?.payload).toMatchObject({
        status: 'INELIGIBLE',
        amount: null,
        reason: 'Not a Malaysian resident.',
      });
      // A refused decision queues nothing.
      await decide(approved, { decision: 'APPROVED' });
      expect(await emailsOf(t, 'reward_decided')).toHaveLength(2);
    });
  });

  describe('the quota', () => {
    it('answers EXCEED_QUOTA instead of APPROVED once the task’s quota is used, counting pending and paid rewards', async () => {
      const taskId = await insertTask(t, { quota: 3 });
      await consentedReferral(t, recruiter.id, taskId, {
        reward_status: 'PAID',
        reward_amount: 1,
        reward_currency: 'MYR',
      });
      await consentedReferral(t, recruiter.id, taskId, {
        reward_status: 'PENDING_PAYMENT',
        reward_amount: 1,
        reward_currency: 'MYR',
      });
      const third = await consentedReferral(t, recruiter.id, taskId);
      const fourth = await consentedReferral(t, recruiter.id, taskId);
      expect((await approve(third)).rewardStatus).toBe('APPROVED');
      const over = await approve(fourth);
      expect(over).toMatchObject({ rewardStatus: 'EXCEED_QUOTA', rewardAmount: null, rewardReason: null });
      expect((await historyOf(t, fourth)).at(-1)).toMatchObject({ from_value: null, to_value: 'EXCEED_QUOTA' });
      expect((await emailsOf(t, 'reward_decided')).at(-1)?.payload).toMatchObject({ status: 'EXCEED_QUOTA' });

      // Still full: approving again is refused and changes nothing.
      const still = await decide(fourth, { decision: 'APPROVED' });
      expect(still.status).toBe(409);
      expect(still.body.error.fields).toEqual({ decision: 'reward_quota_full' });
      // A slot freed by correcting a decision can be taken.
      await ok(decide(third, { decision: 'NOT_VALID', reason: 'Fake CV.' }));
      expect((await approve(fourth)).rewardStatus).toBe('APPROVED');
    });

    it('gives the last slots to exactly as many of many concurrent approvals as the quota has left', async () => {
      const second = await adminCaller(t, 'admin2@example.com');
      const quota = 3;
      const taskId = await insertTask(t, { quota });
      const ids: number[] = [];
      for (let i = 0; i < 10; i += 1) ids.push(await consentedReferral(t, recruiter.id, taskId));

      const results = await Promise.all(ids.map((id, i) => approve(id, i % 2 === 0 ? admin : second)));
      const statuses = results.map((r) => r.rewardStatus);
      expect(statuses.filter((s) => s === 'APPROVED')).toHaveLength(quota);
      expect(statuses.filter((s) => s === 'EXCEED_QUOTA')).toHaveLength(ids.length - quota);

      const rows = await t.db.selectFrom('referrals').select('reward_status').where('task_id', '=', taskId).execute();
      expect(rows.filter((r) => r.reward_status === 'APPROVED')).toHaveLength(quota);
      expect(rows.filter((r) => r.reward_status === 'EXCEED_QUOTA')).toHaveLength(ids.length - quota);
      expect(await emailsOf(t, 'reward_decided')).toHaveLength(ids.length);
    });

    it('lets only one of two admins approving the last slot at once win', async () => {
      const second = await adminCaller(t, 'admin2@example.com');
      const taskId = await insertTask(t, { quota: 1 });
      const a = await consentedReferral(t, recruiter.id, taskId);
      const b = await consentedReferral(t, recruiter.id, taskId);
      for (let round = 0; round < 5; round += 1) {
        const [ra, rb] = await Promise.all([approve(a, admin), approve(b, second)]);
        expect([ra.rewardStatus, rb.rewardStatus].sort()).toEqual(['APPROVED', 'EXCEED_QUOTA']);
        // Reset both for the next round.
        await t.db
          .updateTable('referrals')
          .set({ reward_status: null, reward_amount: null, reward_currency: null })
          .where('task_id', '=', taskId)
          .execute();
      }
    });
  });

  describe('bulk reward decisions', () => {
    const bulk = (json: unknown) => call(t, admin, 'POST', `${BASE}/reward/bulk`, json);

    it('approves a selection one by one, answering each referral’s outcome in the order asked', async () => {
      const taskId = await insertTask(t, { quota: 2, reward_amount: 8_000 });
      const a = await consentedReferral(t, recruiter.id, taskId);
      const b = await consentedReferral(t, recruiter.id, taskId);
      const c = await consentedReferral(t, recruiter.id, taskId);
      const noConsent = await referNewTalent(t, recruiter.id, taskId);

      const data = await ok<BulkRewardResult>(bulk({ referralIds: [noConsent, c, b, a, 999], decision: 'APPROVED' }));
      expect(data.results.map((r) => r.referralId)).toEqual([noConsent, c, b, a, 999]);
      // Oldest first takes the quota's slots.
      expect(data.results.map((r) => (r.ok ? r.rewardStatus : r.code))).toEqual([
        'CONFLICT',
        'EXCEED_QUOTA',
        'APPROVED',
        'APPROVED',
        'NOT_FOUND',
      ]);
      expect(data.results[0]).toMatchObject({ ok: false, fields: { decision: 'reward_consent_required' } });
      expect(data.results[3]).toMatchObject({ ok: true, rewardAmount: 8_000, rewardCurrency: 'MYR' });
      expect(data.counts).toEqual({ APPROVED: 2, EXCEED_QUOTA: 1, refused: 2 });
      for (const id of [a, b, c]) {
        expect((await historyOf(t, id)).map((h) => [h.actor_id, h.action])).toEqual([[admin.id, 'REWARD_CHANGED']]);
      }
      expect(await emailsOf(t, 'reward_decided')).toHaveLength(3);
    });

    it('rejects a selection with one reason, and requires it', async () => {
      const taskId = await insertTask(t);
      const ids = [await referNewTalent(t, recruiter.id, taskId), await referNewTalent(t, recruiter.id, taskId)];
      const missing = await bulk({ referralIds: ids, decision: 'REJECTED' });
      expect(missing.status).toBe(400);
      expect(missing.body.error.fields).toEqual({ reason: 'field_required' });
      expect((await bulk({ referralIds: [], decision: 'APPROVED' })).status).toBe(400);
      expect(
        (await bulk({ referralIds: Array.from({ length: 51 }, (_, i) => i + 1), decision: 'APPROVED' })).status,
      ).toBe(400);

      const data = await ok<BulkRewardResult>(
        bulk({ referralIds: ids, decision: 'REJECTED', reason: 'Position filled.' }),
      );
      expect(data.counts).toEqual({ REJECTED: 2, refused: 0 });
      for (const id of ids) {
        expect(await referralRow(t, id)).toMatchObject({
          reward_status: 'REJECTED',
          reward_reason: 'Position filled.',
        });
      }
    });
  });
});
