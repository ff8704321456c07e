import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Scorecard } from '#src/shared/insight.ts';
import { insertTask } from './helpers/rows';
import { completionValues, dropValues, postCompletion, postDrop, recruiter } from './helpers/talent-fixtures';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 27: a referral refused as a duplicate person (PRODUCT.md "Duplicates") counts against the
// recruiter's score (recruiter_scores.duplicates_refused), at the resume drop and at the profile
// completion alike. The count is written after the refusal, outside its transaction (which rolls back),
// and the refusal itself answers exactly as before.

describe.each(DIALECTS)('refused duplicates on %s', (dialect) => {
  let t: TestApp;
  let taskId: number;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    taskId = await insertTask(t);
  });
  afterEach(async () => {
    await t.close();
  });

  const refusedCount = async (recruiterId: number) =>
    Number(
      (
        await t.db
          .selectFrom('recruiter_scores')
          .select('duplicates_refused')
          .where('recruiter_id', '=', recruiterId)
          .executeTakeFirst()
      )?.duplicates_refused ?? 0,
    );
  const referralCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('referrals')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('counts a duplicate refused at the resume drop, once per refusal, with the refusal unchanged', async () => {
    const first = await recruiter(t, 'first@example.com');
    const dropped = await postDrop(t, first.token, dropValues(taskId));
    expect(dropped.status).toBe(201);
    const talentId = (await dropped.json()).data.talentId;
    expect((await postCompletion(t, first.token, completionValues(talentId, taskId))).status).toBe(201);

    const second = await recruiter(t, 'second@example.com');
    for (const n of [1, 2]) {
      const res = await postDrop(t, second.token, dropValues(taskId, { phone: '0198887777' }));
      expect(res.status).toBe(409);
      const body = await res.json();
      expect(body).toEqual({
        success: false,
        error: {
          code: 'DUPLICATE_REFERRAL',
          message: 'This e-mail (aisyah@example.com) has already been referred to this task.',
          fields: { email: 'duplicate_email' },
          requestId: expect.any(String),
        },
      });
      expect(await refusedCount(second.id)).toBe(n);
    }
    // Only the refused recruiter's count moves; nothing else was stored.
    expect(await refusedCount(first.id)).toBe(0);
    expect(await referralCount()).toBe(1);
    expect(await t.db.selectFrom('talents').select('id').execute()).toHaveLength(1);

    // The scorecard reads it: the "clean" part counts the refusal.
    const card = (await (await t.request('/api/recruiter/scorecard', { headers: bearer(second.token) })).json()) as {
      data: Scorecard;
    };
    expect(card.data.counts.duplicatesRefused).toBe(2);
    expect(card.data.counts.referred).toBe(0);
    expect(card.data.lines.find((l) => l.part === 'clean')).toMatchObject({ numerator: 0, denominator: 2, rate: 0 });
  });

  it('counts a duplicate refused at the profile completion (someone referred the person meanwhile)', async () => {
    const mine = await recruiter(t, 'mine@example.com');
    const dropped = await postDrop(t, mine.token, dropValues(taskId));
    const talentId = (await dropped.json()).data.talentId;
    const other = await recruiter(t, 'quick@example.com');
    const theirs = await postDrop(t, other.token, dropValues(taskId, { email: 'aisyah.r@example.com' }));
    expect(
      (await postCompletion(t, other.token, completionValues((await theirs.json()).data.talentId, taskId))).status,
    ).toBe(201);
    const res = await postCompletion(t, mine.token, completionValues(talentId, taskId));
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({
      code: 'DUPLICATE_REFERRAL',
      message: 'This phone number (+60123456789) has already been referred to this task.',
      fields: { phone: 'duplicate_phone' },
    });
    expect(await refusedCount(mine.id)).toBe(1);
    expect(await refusedCount(other.id)).toBe(0);
    expect(await referralCount()).toBe(1);
    // The recruiter whose referral stood keeps their own counts, untouched by the refusal.
    const otherRow = await t.db
      .selectFrom('recruiter_scores')
      .select(['referred', 'duplicates_refused'])
      .where('recruiter_id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect([Number(otherRow.referred), Number(otherRow.duplicates_refused)]).toEqual([1, 0]);
  });
});
