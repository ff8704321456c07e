import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tinyPng } from '#src/server/db/demo/files.ts';
import { processDueEmails } from '#src/server/jobs/mail-worker.ts';
import { sweepOrphanFiles } from '#src/server/jobs/maintenance.ts';
import { applyRetention } from '#src/server/jobs/retention.ts';
import { fileTransport } from '#src/server/mail/transport.ts';
import { insertPayment } from './helpers/money-rows';
import { lastToken } from './helpers/referral-fixtures';
import { insertTask } from './helpers/rows';
import { type S3TestServer, startS3Server } from './helpers/s3-server';
import { completionValues, dropValues, postCompletion, postDrop, recruiter } from './helpers/talent-fixtures';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 24 part 1: the retention job does what the privacy policy says, on both databases and with the
// files on disk and in S3 (a real S3-compatible server, s3rver). Talents are made the way recruiters make
// them (a resume drop, profile completion, a call-proof upload) so every place their data lands is real.

const DAY = 24 * 60 * 60 * 1000;

let s3rver: S3TestServer;
beforeAll(async () => {
  s3rver = await startS3Server('retention');
});
afterAll(async () => {
  await s3rver?.close();
});

const STORAGES = ['disk', 's3'] as const;
const CASES = DIALECTS.flatMap((dialect) => STORAGES.map((storage) => ({ dialect, storage })));
let prefixes = 0;
const storageEnv = (storage: (typeof STORAGES)[number]): Record<string, string> =>
  storage === 'disk' ? {} : { ...s3rver.env, S3_BUCKET: 'retention', S3_PREFIX: `run-${process.pid}-${++prefixes}` };

describe.each(CASES)('retention on $dialect with files on $storage', ({ dialect, storage }) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof recruiter>>;
  let taskId: number;
  beforeEach(async () => {
    t = await createTestApp(dialect, storageEnv(storage));
    me = await recruiter(t, 'me@example.com');
    taskId = await insertTask(t);
  });
  afterEach(async () => {
    await t.close();
  });

  /** A talent referred as a recruiter does it: resume drop, completion (consent e-mail), a call proof. */
  async function referTalent(name: string, email: string, phone: string) {
    const drop = await postDrop(t, me.token, dropValues(taskId, { fullName: name, email, phone }));
    expect(drop.status).toBe(201);
    const talentId = (await drop.json()).data.talentId as number;
    const done = await postCompletion(
      t,
      me.token,
      completionValues(talentId, taskId, { summary: `${name} closes deals.`, note: `Called ${name} on ${phone}.` }),
    );
    expect(done.status).toBe(201);
    const referralId = (await done.json()).data.referralId as number;
    const consentToken = await lastToken(t);
    const proof = new FormData();
    proof.set('referralId', String(referralId));
    proof.set('calledAt', new Date(t.clock.now().getTime() - 60_000).toISOString());
    proof.set('note', `Spoke to ${name}`);
    proof.set('file', new File([new Uint8Array(tinyPng(3))], 'call.png', { type: 'image/png' }));
    const uploaded = await t.request('/api/recruiter/talent-task/call-proof', {
      method: 'POST',
      headers: bearer(me.token),
      body: proof,
    });
    expect(uploaded.status).toBe(201);
    const keys = (
      await t.db
        .selectFrom('files')
        .select('storage_key')
        .where((eb) =>
          eb.or([
            eb('id', '=', eb.selectFrom('talents').select('resume_file_id').where('id', '=', talentId)),
            eb('id', 'in', eb.selectFrom('call_proofs').select('file_id').where('referral_id', '=', referralId)),
          ]),
        )
        .execute()
    ).map((row) => row.storage_key);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await t.deps.storage.get(key)).not.toBeNull();
    return { talentId, referralId, consentToken, keys, name, email, phone };
  }
  type Referred = Awaited<ReturnType<typeof referTalent>>;

  const answer = (token: string, decision: 'CONFIRMED' | 'DECLINED') =>
    t.request('/api/public/consent', { method: 'POST', json: { token, decision, locale: 'en' } });

  /** Every place the talent's name, address or phone could still be, as text. */
  async function tracesOf(person: Referred): Promise<string[]> {
    const needles = [person.name, person.email, person.phone.replace(/\D/g, '').slice(-7)];
    const tables = [
      'talents',
      'referrals',
      'referral_history',
      'call_proofs',
      'files',
      'email_outbox',
      'talent_decisions',
      'data_requests',
    ] as const;
    const found: string[] = [];
    for (const table of tables) {
      const rows = await t.db.selectFrom(table).selectAll().execute();
      for (const row of rows) {
        const text = JSON.stringify(row);
        for (const needle of needles) if (text.includes(needle)) found.push(`${table}: ${needle}`);
      }
    }
    const mailDir = path.join(t.env.DATA_DIR, 'mail');
    if (existsSync(mailDir)) {
      for (const name of readdirSync(mailDir)) {
        const text = readFileSync(path.join(mailDir, name), 'utf8');
        if (text.includes(person.email) || text.includes(person.name)) found.push(`mail/${name}`);
      }
    }
    for (const key of person.keys) if ((await t.deps.storage.get(key)) !== null) found.push(`object ${key}`);
    return found;
  }

  const sendMail = () => processDueEmails(t.deps, fileTransport(path.join(t.env.DATA_DIR, 'mail')));

  it('erases a talent who declined consent once 30 days have passed, and not a day before', async () => {
    const declined = await referTalent('Aisyah Rahman', 'aisyah@example.com', '0123456789');
    const kept = await referTalent('Mei Ling Chong', 'meiling@example.com', '0171112222');
    await sendMail(); // the consent e-mails exist as .eml files too (MAIL_TRANSPORT=file)
    expect((await answer(declined.consentToken, 'DECLINED')).status).toBe(200);
    expect((await answer(kept.consentToken, 'CONFIRMED')).status).toBe(200);
    await sendMail(); // the recruiter's e-mails naming them

    t.clock.advance(29 * DAY);
    expect(await applyRetention(t.deps)).toMatchObject({ erased: 0, anonymised: 0 });
    expect(await tracesOf(declined)).not.toEqual([]);

    t.clock.advance(1 * DAY + 60_000);
    expect(await applyRetention(t.deps)).toMatchObject({ erased: 1, anonymised: 0 });
    expect(await tracesOf(declined)).toEqual([]);
    expect(await t.db.selectFrom('talents').select('id').where('id', '=', declined.talentId).execute()).toEqual([]);
    expect(await t.db.selectFrom('referrals').select('id').where('id', '=', declined.referralId).execute()).toEqual([]);
    // The other talent, who confirmed, keeps everything.
    expect((await tracesOf(kept)).length).toBeGreaterThan(5);
    // The recruiter's folder no longer lists the erased talent.
    const folder = await t.request('/api/recruiter/talent?page=1&pageSize=10', { headers: bearer(me.token) });
    expect(JSON.stringify(await folder.json())).not.toContain(declined.name);
    // The record says what the job did, with no personal data in it.
    const log = await t.db.selectFrom('access_log').selectAll().where('talent_id', '=', declined.talentId).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actor_kind: 'SYSTEM', action: 'RETENTION_ERASE', actor_id: null });
    expect(JSON.parse(log[0]?.detail ?? '{}')).toMatchObject({ outcome: 'DELETED', files: 2 });
    expect(JSON.stringify(log)).not.toContain(declined.email);

    // Idempotent: a second run finds nothing to do.
    expect(await applyRetention(t.deps)).toMatchObject({ erased: 0, anonymised: 0, purged: 0 });
  });

  it('anonymises a talent with no activity for 24 months, keeping the money trail and every total', async () => {
    const admin = await t.createUser({ email: 'admin@example.com', roles: ['ROLE_ADMIN'] });
    const paid = await referTalent('Aisyah Rahman', 'aisyah@example.com', '0123456789');
    expect((await answer(paid.consentToken, 'CONFIRMED')).status).toBe(200);
    await t.db
      .updateTable('referrals')
      .set({ reward_status: 'APPROVED', reward_amount: 50000, reward_currency: 'MYR', reward_decided_by: admin.id })
      .where('id', '=', paid.referralId)
      .execute();
    await insertPayment(t, {
      recruiterId: me.id,
      createdBy: admin.id,
      referralIds: [paid.referralId],
      paidAt: t.clock.now().toISOString(),
    });
    await sendMail();
    const totals = async () => ({
      payments: await t.db.selectFrom('payments').selectAll().orderBy('id').execute(),
      counts: await sql`select * from referral_counts order by 1, 2`.execute(t.db).then((r) => r.rows),
      money: await t.db
        .selectFrom('referrals')
        .select(['id', 'task_id', 'recruiter_id', 'reward_status', 'reward_amount', 'payment_id', 'hiring_status'])
        .select(['consent_status', 'created_at'])
        .orderBy('id')
        .execute(),
    });

    t.clock.advance(700 * DAY);
    me.token = (await t.login(me.email)).accessToken;
    const active = await referTalent('Mei Ling Chong', 'meiling@example.com', '0171112222');
    t.clock.advance(40 * DAY); // 24 months and 9 days since the first talent's last activity
    const before = await totals();
    expect(await applyRetention(t.deps)).toMatchObject({ erased: 0, anonymised: 1 });

    expect(await tracesOf(paid)).toEqual([]);
    const row = await t.db.selectFrom('talents').selectAll().where('id', '=', paid.talentId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ full_name: '', resume_file_id: null, resume_text: null, summary: null });
    expect(row.erased_at).toBe(t.clock.now().toISOString());
    const after = await totals();
    expect(after.payments).toEqual(before.payments);
    expect(after.money).toEqual(before.money);
    expect(after.counts).toEqual(before.counts);
    // The referral's statistics stay: its call proof's review and its consent answer.
    expect(
      await t.db.selectFrom('call_proofs').select('id').where('referral_id', '=', paid.referralId).execute(),
    ).toHaveLength(1);
    // The talent active this month is untouched.
    expect((await tracesOf(active)).length).toBeGreaterThan(5);
    // Anonymised once: the next run leaves it alone.
    expect(await applyRetention(t.deps)).toMatchObject({ erased: 0, anonymised: 0 });
  });

  it('keeps the money trail of a declined talent whose reward was approved, anonymised', async () => {
    const admin = await t.createUser({ email: 'admin@example.com', roles: ['ROLE_ADMIN'] });
    const person = await referTalent('Aisyah Rahman', 'aisyah@example.com', '0123456789');
    expect((await answer(person.consentToken, 'DECLINED')).status).toBe(200);
    await t.db
      .updateTable('referrals')
      .set({ reward_status: 'PAID', reward_amount: 50000, reward_currency: 'MYR', reward_decided_by: admin.id })
      .where('id', '=', person.referralId)
      .execute();
    t.clock.advance(31 * DAY);
    expect(await applyRetention(t.deps)).toMatchObject({ erased: 0, anonymised: 1 });
    expect(await tracesOf(person)).toEqual([]);
    const referral = await t.db
      .selectFrom('referrals')
      .select(['reward_status', 'reward_amount'])
      .where('id', '=', person.referralId)
      .executeTakeFirstOrThrow();
    expect(referral).toEqual({ reward_status: 'PAID', reward_amount: 50000 });

    // Seven years on, the money trail's own period is over: nothing of the talent is left.
    t.clock.advance(7 * 366 * DAY);
    expect(await applyRetention(t.deps)).toMatchObject({ purged: 1 });
    expect(await t.db.selectFrom('referrals').select('id').where('id', '=', person.referralId).execute()).toEqual([]);
  });

  it('erases nobody whose other referral still stands, and keeps the access record for its period only', async () => {
    const person = await referTalent('Aisyah Rahman', 'aisyah@example.com', '0123456789');
    expect((await answer(person.consentToken, 'DECLINED')).status).toBe(200);
    // The same talent referred to a second task, still waiting for an answer.
    const other = await insertTask(t);
    const second = await postCompletion(t, me.token, completionValues(person.talentId, other));
    expect(second.status).toBe(201);
    const old = new Date(t.clock.now().getTime() - 25 * 31 * DAY).toISOString();
    await t.db
      .insertInto('access_log')
      .values([
        { actor_id: me.id, actor_kind: 'RECRUITER', action: 'FILE_VIEW', subject_kind: 'FILE', created_at: old },
        {
          actor_id: me.id,
          actor_kind: 'RECRUITER',
          action: 'FILE_DOWNLOAD',
          subject_kind: 'FILE',
          created_at: t.clock.now().toISOString(),
        },
      ])
      .execute();
    t.clock.advance(31 * DAY);
    expect(await applyRetention(t.deps)).toMatchObject({ erased: 0, anonymised: 0, accessLogPruned: 1 });
    expect((await tracesOf(person)).length).toBeGreaterThan(5);
    expect((await t.db.selectFrom('access_log').select('action').execute()).map((r) => r.action)).toEqual([
      'FILE_DOWNLOAD',
    ]);
  });

  it('finishes after a run cut short: a talent is erased wholly or not at all, and the next run completes', async () => {
    const people = [
      await referTalent('Aisyah Rahman', 'aisyah@example.com', '0123456789'),
      await referTalent('Mei Ling Chong', 'meiling@example.com', '0171112222'),
      await referTalent('Ravi Kumar', 'ravi@example.com', '0199998888'),
    ];
    for (const person of people) expect((await answer(person.consentToken, 'DECLINED')).status).toBe(200);
    t.clock.advance(31 * DAY);
    // The middle talent's erasure fails inside its transaction, as if the process died there.
    const victim = people[1]?.talentId as number;
    if (dialect === 'postgres') {
      await sql
        .raw(`create function crash() returns trigger language plpgsql as $$ begin
          if old.id = ${victim} then raise exception 'crash'; end if; return old; end $$;
          create trigger crash before delete on talents for each row execute function crash();`)
        .execute(t.db);
    } else {
      await sql
        .raw(
          `create trigger crash before delete on talents when old.id = ${victim} begin select raise(abort, 'crash'); end`,
        )
        .execute(t.db);
    }
    const cut = await applyRetention(t.deps);
    expect(cut.erased).toBe(2);
    expect(await tracesOf(people[0] as Referred)).toEqual([]);
    expect(await tracesOf(people[2] as Referred)).toEqual([]);
    // Nothing of the failed erasure happened: its rows, files and e-mails are all still there.
    const whole = await tracesOf(people[1] as Referred);
    expect(whole.filter((trace) => trace.startsWith('object '))).toHaveLength(2);
    expect(whole.some((trace) => trace.startsWith('email_outbox'))).toBe(true);

    await sql.raw(dialect === 'postgres' ? 'drop trigger crash on talents' : 'drop trigger crash').execute(t.db);
    expect(await applyRetention(t.deps)).toMatchObject({ erased: 1 });
    expect(await tracesOf(people[1] as Referred)).toEqual([]);
  });

  it('erases each talent once when two instances run the job at the same time', async () => {
    const people = [
      await referTalent('Aisyah Rahman', 'aisyah@example.com', '0123456789'),
      await referTalent('Mei Ling Chong', 'meiling@example.com', '0171112222'),
      await referTalent('Ravi Kumar', 'ravi@example.com', '0199998888'),
    ];
    for (const person of people) expect((await answer(person.consentToken, 'DECLINED')).status).toBe(200);
    t.clock.advance(31 * DAY);
    const runs = await Promise.all([applyRetention(t.deps), applyRetention(t.deps)]);
    expect(runs.reduce((sum, run) => sum + run.erased, 0)).toBe(3);
    for (const person of people) expect(await tracesOf(person)).toEqual([]);
    const lines = await t.db
      .selectFrom('access_log')
      .select('talent_id')
      .where('action', '=', 'RETENTION_ERASE')
      .execute();
    expect(lines.map((line) => line.talent_id).sort()).toEqual(people.map((person) => person.talentId).sort());
  });

  it('leaves no file behind when the process dies between the commit and the file deletes', async () => {
    const person = await referTalent('Aisyah Rahman', 'aisyah@example.com', '0123456789');
    expect((await answer(person.consentToken, 'DECLINED')).status).toBe(200);
    t.clock.advance(31 * DAY);
    const storage = Object.create(t.deps.storage, {
      delete: { value: () => Promise.reject(new Error('process died')) },
    });
    const run = await applyRetention({ ...t.deps, storage });
    expect(run.erased).toBe(0); // counted as failed: the rows are gone, the objects are not
    expect(await t.db.selectFrom('talents').select('id').where('id', '=', person.talentId).execute()).toEqual([]);
    for (const key of person.keys) expect(await t.deps.storage.get(key)).not.toBeNull();
    // The maintenance job's orphan sweep deletes objects no row points to.
    await sweepOrphanFiles(t.deps, 0);
    expect(await tracesOf(person)).toEqual([]);
  });
});
