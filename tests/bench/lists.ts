// `npm run bench` (BENCH_ONLY=lists): how fast the list pages answer at the issue's size. On a temporary
// SQLite database, migrated as the server migrates, it seeds by itself (plain SQL, one transaction per
// table, indexes built after the rows, as a bulk load does) 100,000 tasks, 500 recruiters, 400,000 talents,
// 1,000,000 referrals with a spread of consent, hiring and reward statuses over two years, payments and
// call proofs; then it times the page calls through the real Hono app in-process (createApp, real bearer
// tokens of an admin and of the recruiter with the most referrals): a warm-up, then the median of 7 runs.
//
// Baseline: the same call on a tiny database seeded the same way at 1/1000 of the size, in the same run,
// so the ratio says how much the call grows with the data (1× = not at all). GET /api/health (one
// `select 1` through the whole middleware stack) is printed too, as the floor of any call.
//
// Both without statistics (what the server runs: nothing runs ANALYZE) and after ANALYZE. Searches
// ("contains") are printed apart: of 3 characters or more they come from the trigram indexes (migration
// 008) and have the pages' target; of 2, which no trigram index answers, they scan and are printed, not
// judged. It prints, it does not judge: the exit code is non-zero only when something failed to run (a
// call answering other than 200 is a failure).
//
// Knobs (environment): BENCH_SCALE (1: the issue's size; 0.1 for a quick look), BENCH_RUNS (7),
// BENCH_ANALYZE (1: also time after ANALYZE; 0: skip), BENCH_KEEP=1 (keep the large database file and
// print its path, to look at query plans with the sqlite3 shell).
//
// Its figures also go, as rows, to the file named by BENCH_ROWS_FILE (tests/bench/run.mjs prints them in
// its table). The seeding is exported for tests/bench/throughput.ts (a small database of the same shape).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import { createApp } from '#src/server/app.ts';
import type { AppDeps } from '#src/server/context.ts';
import { connect, type DB } from '#src/server/db/connect.ts';
import { insightCounterSql } from '#src/server/db/insight-counters-sql.ts';
import { migrateToLatest } from '#src/server/db/migrate.ts';
import { readEnv } from '#src/server/env.ts';
import { hashPassword } from '#src/server/security/passwords.ts';
import { createStorage } from '#src/server/storage/create-storage.ts';
import { type BenchRow, ratioOf, writeRowsFile } from './bench-table';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const WITH_ANALYZE = process.env.BENCH_ANALYZE !== '0';
const TARGET_MS = 50;
export const PASSWORD = 'Bench-Lists#2026';
export const HEAVY_RECRUITER_ID = 2; // every 50th talent is theirs: 2% of the referrals
const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date();

const step = (text: string) => process.stdout.write(`${text}\n`);
const loadText = () => `load average ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} CPUs`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (index: number) => sorted[index] ?? Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};
const fmt = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

export interface Size {
  tasks: number;
  recruiters: number;
  talents: number;
  referrals: number;
}

export const sizeFor = (scale: number): Size => ({
  tasks: Math.max(100, Math.round(100_000 * scale)),
  recruiters: Math.max(5, Math.round(500 * scale)),
  talents: Math.max(400, Math.round(400_000 * scale)),
  referrals: Math.max(1000, Math.round(1_000_000 * scale)),
});

// ---------------------------------------------------------------------------------------------- seeding

const ISO = (days: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${days})`;

/**
 * Seeds a migrated SQLite file through a connection of its own (foreign keys off, no sync, a big cache).
 * Deterministic: every status comes from a hash of the row number. Ids are given, so the app's queries
 * see what a long-running database holds: ids in time order.
 */
export function seed(file: string, size: Size, passwordHash: string): Record<string, number> {
  const sqlite = new Sqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('foreign_keys = OFF');
  sqlite.pragma('cache_size = -400000');
  sqlite.pragma('temp_store = MEMORY');
  const { tasks: T, recruiters: U, talents: N, referrals: R } = size;
  const j0 = NOW.getTime() / DAY_MS + 2440587.5 - 730; // julian day two years ago
  const jNow = j0 + 730;
  const timings: Record<string, number> = {};
  const run = (label: string, statements: string) => {
    const started = performance.now();
    sqlite.exec(`BEGIN; ${statements}; COMMIT;`);
    timings[label] = (timings[label] ?? 0) + performance.now() - started;
  };

  // The indexes of the seeded tables go while the rows go in, and come back sorted afterwards.
  const tables = ['users', 'tasks', 'promos', 'promo_tasks', 'recruiter_tasks', 'files', 'talents', 'payments'];
  tables.push('referrals', 'call_proofs');
  const indexes = sqlite
    .prepare(
      `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${tables
        .map(() => '?')
        .join(',')})`,
    )
    .all(...tables) as { name: string; sql: string }[];
  run('drop indexes', indexes.map((index) => `drop index "${index.name}"`).join(';'));
  // The insight counters (migration 017) are counted once after the rows, as a bulk load does, not by their
  // triggers row by row; the triggers come back afterwards.
  const insightTriggers = sqlite
    .prepare(
      `select name, sql from sqlite_master where type = 'trigger' and (name like 'insight_%'
        or name like 'recruiter_scores_%' or name like 'call_proofs_reviewed_%' or name = 'referral_history_stages')`,
    )
    .all() as { name: string; sql: string }[];
  run('drop insight triggers', insightTriggers.map((trigger) => `drop trigger "${trigger.name}"`).join(';'));

  const seq = (to: number, from = 1) =>
    `with recursive seq(n) as (select ${from} union all select n + 1 from seq where n < ${to})`;
  // A hash of the row number in 0..999; a different multiplier per salt keeps the statuses independent.
  const hash = (expr: string, salt: number) =>
    `((((${expr}) + ${salt * 7919}) * ${2654435761 + salt * 40503}) % 1000003 % 1000)`;
  const first = `'Aisyah','Wei Ming','Siti','Arjun','Nurul','Jia Hui','Hafiz','Priya','Daniel','Mei Ling','Faiz','Kavitha'`;
  const last = `'Tan','Abdullah','Lim','Kumar','Wong','Ismail','Lee','Raj','Ng','Hassan','Chong','Yusof'`;
  const pick = (list: string, expr: string) =>
    `(json_extract('[${list.replaceAll("'", '"')}]', '$[' || ((${expr}) % 12) || ']'))`;

  run(
    'users',
    `insert into users (id, email, password_hash, full_name, phone, roles, status, need_to_change_password,
       remaining_ai_note_improvement, locale, timezone, created_at, updated_at)
     values (1, 'admin@bench.test', '${passwordHash}', 'Bench Admin', null, '["ROLE_ADMIN"]', 'ACTIVE', 0, 20, 'en',
       'Asia/Kuala_Lumpur', ${ISO(`${j0}`)}, ${ISO(`${j0}`)});
     ${seq(U + 1, 2)}
     insert into users (id, email, password_hash, full_name, phone, roles, status, need_to_change_password,
       remaining_ai_note_improvement, locale, timezone, created_at, updated_at)
     select n, 'recruiter' || n || '@bench.test', '${passwordHash}',
       ${pick(first, 'n * 7')} || ' ' || ${pick(last, 'n * 5 + 3')} || ' ' || n, '+6012' || (3000000 + n),
       '["ROLE_RECRUITER"]', case when n % 10 = 0 and n <> ${HEAVY_RECRUITER_ID} then 'DEACTIVATE' else 'ACTIVE' end, 0, 20,
       case n % 3 when 0 then 'en' when 1 then 'ms' else 'zh' end,
       'Asia/Kuala_Lumpur', ${ISO(`${j0} + (n - 2) * 700.0 / ${U}`)}, ${ISO(`${j0} + (n - 2) * 700.0 / ${U}`)}
     from seq`,
  );

  // Task n: created over two years in id order; 1 in 5 closed; 1 in 4 without a deadline, the others
  // 30 to 120 days after creation (so the older open ones are EXPIRED).
  const reward = (task: string) => `(5000 + ((${task}) % 10) * 2500)`;
  const currency = (task: string) => `(case when (${task}) % 20 = 0 then 'SGD' else 'MYR' end)`;
  const titles = `'Customer Service Executive','Warehouse Assistant','Software Engineer','Account Executive','Sales Promoter','Admin Clerk','Data Entry Operator','Barista','Mechanical Technician','Nurse','Marketing Intern','Delivery Rider'`;
  const companies = `'Maju Logistics','Sinar Retail','Petronas Digital','Kopi Kita','Grab Malaysia','AirAsia','Sunway Medical','Shopee','Top Glove','Maxis','CIMB','Lazada'`;
  run(
    'tasks',
    `${seq(T)}
     insert into tasks (id, code, title, company, description, job_type, is_critical, location, country, salary_min,
       salary_max, salary_currency, reward_amount, reward_currency, quota, status, expires_at, required_skills,
       required_languages, created_by, created_at, updated_at)
     select n, 'T' || printf('%06d', n), ${pick(titles, 'n * 7 + n / 12')} || ' ' || n, ${pick(companies, 'n * 5')},
       'A role at a growing team. Shift work, training given.', case n % 3 when 0 then 'ft' when 1 then 'pt' else 'intern' end,
       case when n % 10 = 0 then 1 else 0 end, case n % 4 when 0 then 'Kuala Lumpur' when 1 then 'Petaling Jaya' when 2 then 'Penang' else 'Johor Bahru' end,
       'MY', 180000, 450000, 'MYR', ${reward('n')}, ${currency('n')}, 1 + ${hash('n', 11)} % 50,
       case when ${hash('n', 13)} < 200 then 'CLOSED' else 'OPEN' end,
       case when ${hash('n', 17)} < 250 then null else ${ISO(`${j0} + (n - 1) * 730.0 / ${T} + 30 + ${hash('n', 19)} % 90`)} end,
       '["Communication","Excel"]', '["en","ms"]', 1,
       ${ISO(`${j0} + (n - 1) * 730.0 / ${T}`)}, ${ISO(`${j0} + (n - 1) * 730.0 / ${T}`)}
     from seq`,
  );

  const promos = 20;
  run(
    'promos',
    `${seq(promos)}
     insert into promos (id, title, description, starts_at, ends_at, bonus_amount, bonus_currency, created_by, created_at, updated_at)
     select n, 'Promo ' || n, 'Double rewards for critical roles.', ${ISO(`${j0} + n * 36`)}, ${ISO(`${j0} + n * 36 + 30`)},
       2000, 'MYR', 1, ${ISO(`${j0} + n * 36 - 5`)}, ${ISO(`${j0} + n * 36 - 5`)}
     from seq;
     insert into promo_tasks (promo_id, task_id, created_at)
     select (id / 50) % ${promos} + 1, id, created_at from tasks where id % 50 = 0`,
  );

  // Talent t belongs to the heavy recruiter when t % 50 = 0, else to one of the others.
  const recruiterOf = (t: string) =>
    `(case when (${t}) % 50 = 0 then ${HEAVY_RECRUITER_ID} else 3 + (${t}) % ${U - 1} end)`;
  // Referral n: talents go by pairs, 5 referrals per pair (2 for the odd talent, 3 for the even one), so
  // 2.5 per talent, in time order; a talent's referrals go to different tasks.
  const talentOf = (n: string) => `(2 * (((${n}) - 1) / 5) + case when ((${n}) - 1) % 5 < 2 then 1 else 2 end)`;
  const firstReferralOf = (t: string) => `(5 * (((${t}) - 1) / 2) + case when (${t}) % 2 = 1 then 1 else 3 end)`;
  const referralDay = (n: string) => `(${j0} + ((${n}) - 1) * 730.0 / ${R})`;
  run(
    'talents',
    `${seq(N)}
     insert into talents (id, recruiter_id, full_name, email, email_normalized, phone, country_code, phone_e164, languages,
       education_level, country, location, expected_salary, expected_salary_currency, resume_file_id, resume_text,
       parse_status, has_work_experience, years_of_experience, current_position, skills, summary, contact_locale,
       created_at, updated_at)
     select n, ${recruiterOf('n')}, ${pick(first, 'n * 7 + n / 12')} || ' ' || ${pick(last, 'n * 5 + n / 144')} || ' ' || n,
       'talent' || n || '@mail.test', 'talent' || n || '@mail.test', '11' || (20000000 + n), '+60', '+6011' || (20000000 + n),
       '["en","ms"]', 'Degree', 'MY', 'Kuala Lumpur', 300000, 'MYR', null, null, 'DONE', 1, n % 12, 'Clerk',
       '["Excel"]', null, 'en', ${ISO(referralDay(firstReferralOf('n')))}, ${ISO(referralDay(firstReferralOf('n')))}
     from seq`,
  );

  // Statuses: consent 60% confirmed, 25% pending, 15% declined; hiring moves only after consent; rewards
  // decided for most hires (paid when older than two months, pending payment or approved when recent) and
  // for some of the others (not rewarded, with a reason).
  const month = (n: string) => `min(24, cast((${jNow} - ${referralDay(n)}) / 30 as integer))`;
  run(
    'referrals',
    `${seq(R)},
     a as (select n, ${talentOf('n')} as t, ((n - 1) * 7919) % ${T} + 1 as task, ${hash('n', 1)} as h1,
             ${hash('n', 2)} as h2, ${hash('n', 3)} as h3, ${month('n')} as m, ${referralDay('n')} as day from seq),
     b as (select *, ${recruiterOf('t')} as recruiter,
             case when h1 < 600 then 'CONFIRMED' when h1 < 850 then 'PENDING' else 'DECLINED' end as consent from a),
     c as (select *, case when consent <> 'CONFIRMED' then 'SUBMITTED' when h2 < 300 then 'SUBMITTED'
             when h2 < 500 then 'SCREENING' when h2 < 650 then 'INTERVIEW' when h2 < 750 then 'OFFERED'
             when h2 < 900 then 'HIRED' when h2 < 970 then 'REJECTED' else 'WITHDRAWN' end as hiring from b),
     d as (select *, case
             when hiring = 'HIRED' and h3 < 750 then
               case when m <= 1 then (case when h3 < 375 then 'PENDING_PAYMENT' else 'APPROVED' end)
                    else (case when h3 < 600 then 'PAID' else 'APPROVED' end) end
             when hiring = 'HIRED' and h3 < 800 then 'REJECTED'
             when hiring = 'HIRED' and h3 < 850 then 'INELIGIBLE'
             when hiring = 'HIRED' and h3 < 900 then 'NOT_VALID'
             when hiring = 'HIRED' and h3 < 930 then 'EXCEED_QUOTA'
             when hiring in ('REJECTED', 'WITHDRAWN') and h3 < 500 then 'INELIGIBLE'
             when consent = 'DECLINED' and h3 < 300 then 'NOT_VALID'
             else null end as reward from c),
     e as (select *, case when hiring in ('REJECTED', 'WITHDRAWN') then (case h3 % 4 when 0 then 'SUBMITTED'
             when 1 then 'SCREENING' when 2 then 'INTERVIEW' else 'OFFERED' end) else null end as lost from d),
     f as (select *, case coalesce(lost, hiring) when 'SCREENING' then 1 when 'INTERVIEW' then 2 when 'OFFERED' then 3
             when 'HIRED' then 4 else 0 end as rk from e)
     insert into referrals (id, talent_id, task_id, recruiter_id, person_email, person_phone, recruiter_note, rating,
       consent_status, consent_decided_at, ita_status, ita_decided_at, hiring_status, reward_status, reward_amount,
       reward_currency, reward_reason, reward_decided_by, reward_decided_at, promo_id, payment_id,
       lost_at, screening_at, interview_at, offered_at, hired_at, created_at, updated_at)
     select n, t, task, recruiter, 'talent' || t || '@mail.test', '+6011' || (20000000 + t),
       case when h2 % 3 = 0 then 'Strong communication, available immediately.' else null end,
       case h3 % 3 when 0 then 5 when 1 then 10 else null end,
       consent, case when consent = 'PENDING' then null else ${ISO('day + 1')} end,
       case when consent <> 'CONFIRMED' then 'NOT_SENT' when h2 < 300 then 'SENT' when h2 < 970 then 'CONFIRMED' else 'DECLINED' end,
       case when consent = 'CONFIRMED' and h2 >= 300 then ${ISO('day + 3')} else null end,
       hiring, reward,
       case when reward in ('APPROVED', 'PENDING_PAYMENT', 'PAID') then ${reward('task')} else null end,
       case when reward in ('APPROVED', 'PENDING_PAYMENT', 'PAID') then ${currency('task')} else null end,
       case when reward is null or reward in ('APPROVED', 'PENDING_PAYMENT', 'PAID') then null else 'Did not meet the task requirements.' end,
       case when reward is null then null else 1 end,
       case when reward is null then null else ${ISO('day + 20')} end,
       case when task % 50 = 0 then (task / 50) % ${promos} + 1 else null end,
       case when reward in ('PENDING_PAYMENT', 'PAID') then ((recruiter - 2) * 25 + m) * 2 + (case when task % 20 = 0 then 1 else 0 end) + 1 else null end,
       lost, case when rk >= 1 then ${ISO('day + 2 + h1 % 5')} end, case when rk >= 2 then ${ISO('day + 8 + h2 % 6')} end,
       case when rk >= 3 then ${ISO('day + 15 + h3 % 4')} end, case when rk >= 4 then ${ISO('day + 19 + h1 % 3')} end,
       ${ISO('day')}, ${ISO('day + 20')}
     from f`,
  );
  run(
    'payments',
    `insert into payments (id, recruiter_id, amount, currency, status, reference, paid_at, created_by, created_at, updated_at)
     select payment_id, min(recruiter_id), sum(reward_amount), min(reward_currency),
       case when min(reward_status) = 'PAID' then 'PAID' else 'PENDING' end,
       case when min(reward_status) = 'PAID' then 'TRX' || payment_id else null end,
       case when min(reward_status) = 'PAID' then max(reward_decided_at) else null end,
       1, max(reward_decided_at), max(reward_decided_at)
     from referrals where payment_id is not null group by payment_id`,
  );
  run(
    'recruiter_tasks',
    `insert or ignore into recruiter_tasks (recruiter_id, task_id, assigned_by, created_at)
     select recruiter_id, task_id, null, min(created_at) from referrals group by recruiter_id, task_id`,
  );
  // Call proofs on 1 in 10 confirmed referrals (two on 1 in 30): 20% waiting for review.
  run(
    'call_proofs',
    `insert into files (id, owner_id, purpose, original_name, mime_type, size, sha256, storage_key, created_at)
     values (1, ${HEAVY_RECRUITER_ID}, 'CALL_PROOF', 'call.m4a', 'audio/mp4', 123456, '${'0'.repeat(64)}', 'bench/call.m4a', ${ISO(`${j0}`)});
     insert into call_proofs (referral_id, file_id, called_at, note, review_status, review_reason, reviewed_by, reviewed_at, created_by, created_at)
     select id, 1, created_at, 'Called, interested.', case when ${hash('id', 5)} < 200 then 'NEED_REVIEW' when ${hash('id', 5)} < 900 then 'ACCEPTED' else 'REJECTED' end,
       case when ${hash('id', 5)} >= 900 then 'Recording is silent.' else null end,
       case when ${hash('id', 5)} >= 200 then 1 else null end, case when ${hash('id', 5)} >= 200 then updated_at else null end,
       recruiter_id, created_at
     from referrals where id % 10 = 0 and consent_status = 'CONFIRMED'
     union all
     select id, 1, created_at, null, 'NEED_REVIEW', null, null, null, recruiter_id, updated_at
     from referrals where id % 30 = 0 and consent_status = 'CONFIRMED'
     order by 1`,
  );
  const insight = insightCounterSql(false);
  run('insight counters', [...insight.backfill.slice(1), ...insight.rebuild].join(';'));
  run('create insight triggers', insightTriggers.map((trigger) => trigger.sql).join(';'));
  run('create indexes', indexes.map((index) => index.sql).join(';'));
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  return timings;
}

// ------------------------------------------------------------------------------------------------ calls

type Who = 'admin' | 'recruiter' | 'none';
interface Call {
  label: string;
  path: string;
  who: Who;
  /** `indexed`: 3 characters or more, from the trigram indexes; `scan`: 1 or 2, no index answers them. */
  search?: 'indexed' | 'scan';
}

/** Whether the call has the target: every page, and every search an index answers. */
const judged = (call: Call) => call.search !== 'scan';

function callsFor(size: Size): Call[] {
  const taskId = Math.floor(size.tasks / 2);
  const admin = (label: string, path: string, search?: Call['search']): Call => ({ label, path, who: 'admin', search });
  const recruiter = (label: string, path: string, search?: Call['search']): Call => ({
    label,
    path,
    who: 'recruiter',
    search,
  });
  return [
    admin('admin tasks: default (latest)', '/api/admin/tasks'),
    ...['date', 'reward', 'quota', 'earliest'].map((sort) =>
      admin(`admin tasks: sort=${sort}`, `/api/admin/tasks?sort=${sort}`),
    ),
    ...['open', 'closed', 'EXPIRED'].map((status) =>
      admin(`admin tasks: status=${status}`, `/api/admin/tasks?status=${status}`),
    ),
    admin('admin tasks: status=open sort=reward', '/api/admin/tasks?status=open&sort=reward'),
    admin('admin tasks: jobType=pt status=EXPIRED', '/api/admin/tasks?jobType=pt&status=EXPIRED'),
    admin('admin tasks: page 500 of 50', '/api/admin/tasks?page=500&pageSize=50'),
    recruiter('recruiter task board: default', '/api/recruiter/task'),
    recruiter('recruiter task board: sort=reward', '/api/recruiter/task?sort=reward'),
    recruiter('recruiter task board: jobType=ft', '/api/recruiter/task?jobType=ft'),
    recruiter('recruiter task board: page 200 of 50', '/api/recruiter/task?page=200&pageSize=50'),
    recruiter('recruiter my tasks', '/api/recruiter/recruiter/task'),
    admin('admin referrals: default', '/api/admin/referrals'),
    admin('admin referrals: consent=PENDING', '/api/admin/referrals?consent=PENDING'),
    admin('admin referrals: reward=IN_REVIEW', '/api/admin/referrals?reward=IN_REVIEW'),
    admin('admin referrals: reward=APPROVED', '/api/admin/referrals?reward=APPROVED'),
    admin('admin referrals: reward=EXCEED_QUOTA', '/api/admin/referrals?reward=EXCEED_QUOTA'),
    admin('admin referrals: hiring=OFFERED', '/api/admin/referrals?hiring=OFFERED'),
    admin('admin referrals: hiring=HIRED reward=IN_REVIEW', '/api/admin/referrals?hiring=HIRED&reward=IN_REVIEW'),
    admin('admin referrals: call=NEED_REVIEW', '/api/admin/referrals?call=NEED_REVIEW'),
    admin(`admin referrals: taskId=${taskId}`, `/api/admin/referrals?taskId=${taskId}`),
    admin('admin referrals: recruiterId (2% of all)', `/api/admin/referrals?recruiterId=${HEAVY_RECRUITER_ID}`),
    admin(
      'admin referrals: recruiterId reward=PAID',
      `/api/admin/referrals?recruiterId=${HEAVY_RECRUITER_ID}&reward=PAID`,
    ),
    admin('admin referrals: page 500 of 50', '/api/admin/referrals?page=500&pageSize=50'),
    admin('admin recruiters: default', '/api/admin/recruiters'),
    admin('admin recruiters: ALPHABETICAL', '/api/admin/recruiters?sort=ALPHABETICAL'),
    admin('admin recruiters: status=DEACTIVATE', '/api/admin/recruiters?status=DEACTIVATE'),
    admin('admin promos', '/api/admin/promos'),
    recruiter('recruiter talent: default', '/api/recruiter/talent'),
    recruiter('recruiter talent: consent=PENDING', '/api/recruiter/talent?consent=PENDING'),
    recruiter('recruiter talent-task: default', '/api/recruiter/talent-task'),
    recruiter('recruiter talent-task: reward=PAID', '/api/recruiter/talent-task?reward=PAID'),
    recruiter('recruiter talent-task: hiring=INTERVIEW', '/api/recruiter/talent-task?hiring=INTERVIEW'),
    admin('admin payments: ALL', '/api/admin/payments'),
    admin('admin payments: PENDING', '/api/admin/payments?filter=PENDING'),
    admin('admin payments: PAID', '/api/admin/payments?filter=PAID'),
    admin('admin dashboard', '/api/admin/dashboard'),
    recruiter('recruiter dashboard', '/api/recruiter/dashboard'),
    recruiter('recruiter earning', '/api/recruiter/earning'),
    recruiter('recruiter earning: referrals', '/api/recruiter/earning/referrals'),
    recruiter('recruiter earning: payments', '/api/recruiter/earning/payments'),
    // Searches: "contains", from the trigram indexes (1 in 12 talents is a Siti, a Lim; 1 in 12 tasks an
    // engineer, a barista; talent12345 is one talent).
    admin('admin tasks: search=engineer', '/api/admin/tasks?search=engineer', 'indexed'),
    admin('admin referrals: search=talent12345', '/api/admin/referrals?search=talent12345', 'indexed'),
    admin('admin referrals: search=siti', '/api/admin/referrals?search=siti', 'indexed'),
    admin('admin recruiters: search=tan', '/api/admin/recruiters?search=tan', 'indexed'),
    recruiter('recruiter task board: search=barista', '/api/recruiter/task?search=barista', 'indexed'),
    recruiter('recruiter talent: search=lim', '/api/recruiter/talent?search=lim', 'indexed'),
    recruiter('recruiter talent-task: search=lim', '/api/recruiter/talent-task?search=lim', 'indexed'),
    // Two characters make no trigram: a scan of the tasks' searched columns.
    admin('admin tasks: search=ba', '/api/admin/tasks?search=ba', 'scan'),
  ];
}

// --------------------------------------------------------------------------------------------- the app

interface Bench {
  db: DB;
  size: Size;
  call: (call: Call) => Promise<number>;
  close: () => Promise<void>;
  sqliteFile: string;
}

/**
 * The real app over a seeded database (SQLite or PostgreSQL), with bearer tokens of the seed's admin and
 * of the recruiter with the most referrals. Shared with scale.ts.
 */
export async function benchApp(db: DB, dataDir: string) {
  const env = readEnv({
    APP_ENV: 'test',
    APP_URL: 'https://recruiter.example',
    JWT_SECRET: 'bench-secret-'.padEnd(48, 'x'),
    DATA_DIR: dataDir,
    MAIL_WORKER: 'false',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
  });
  const deps: AppDeps = { db, env, storage: createStorage(env), now: () => new Date() };
  const app = createApp(deps);
  const login = async (email: string) => {
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.9' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`login ${email}: HTTP ${res.status} ${await res.text()}`);
    return ((await res.json()) as { accessToken: string }).accessToken;
  };
  const tokens = {
    admin: await login('admin@bench.test'),
    recruiter: await login(`recruiter${HEAVY_RECRUITER_ID}@bench.test`),
  };
  return { app, tokens };
}

async function openBench(name: string, size: Size, passwordHash: string): Promise<Bench & { seedMs: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `recruiter-bench-${name}-`));
  const sqliteFile = path.join(dataDir, 'bench.sqlite');
  const migrator = connect({ sqliteFile });
  await migrateToLatest(migrator);
  await migrator.destroy();
  const seedStarted = performance.now();
  const timings = seed(sqliteFile, size, passwordHash);
  const seedMs = performance.now() - seedStarted;
  if (name === 'large') {
    step(
      `  seeded in ${(seedMs / 1000).toFixed(1)} s (${Object.entries(timings)
        .map(([label, value]) => `${label} ${(value / 1000).toFixed(1)} s`)
        .join(', ')})`,
    );
  }
  const db = connect({ sqliteFile });
  const { app, tokens: signedIn } = await benchApp(db, dataDir);
  const tokens: Record<Who, string | null> = { ...signedIn, none: null };
  const call = async (c: Call) => {
    const token = tokens[c.who];
    const started = performance.now();
    const res = await app.request(c.path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const body = await res.text();
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`${c.path} (${name} database): HTTP ${res.status} ${body.slice(0, 300)}`);
    return elapsed;
  };
  const close = async () => {
    await db.destroy();
    if (name === 'large' && process.env.BENCH_KEEP === '1') step(`  kept: ${sqliteFile}`);
    else rmSync(dataDir, { recursive: true, force: true });
  };
  return { db, size, call, close, seedMs, sqliteFile };
}

async function timeCall(bench: Bench, call: Call): Promise<number> {
  await bench.call(call); // warm-up: statement preparation, the page cache
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) times.push(await bench.call(call));
  return median(times);
}

// ------------------------------------------------------------------------------------------------ main

async function main(): Promise<BenchRow[]> {
  const started = performance.now();
  const rows: BenchRow[] = [];
  const size = sizeFor(SCALE);
  step(
    `\nList benchmark (SQLite, in-process app): ${size.tasks.toLocaleString('en')} tasks, ${size.recruiters} recruiters,` +
      ` ${size.talents.toLocaleString('en')} talents, ${size.referrals.toLocaleString('en')} referrals; median of ${RUNS} runs` +
      ` after a warm-up; ${loadText()}`,
  );
  const passwordHash = await hashPassword(PASSWORD);
  const tiny = await openBench('tiny', sizeFor(SCALE / 1000), passwordHash);
  let large: (Bench & { seedMs: number }) | null = null;
  try {
    large = await openBench('large', size, passwordHash);
    const counts = await sql<{ table: string; n: number }>`
      select 'referrals' as "table", count(*) as n from referrals union all select 'call_proofs', count(*) from call_proofs
      union all select 'payments', count(*) from payments union all select 'recruiter_tasks', count(*) from recruiter_tasks
      union all select 'referrals of the bench recruiter', count(*) from referrals where recruiter_id = ${HEAVY_RECRUITER_ID}`.execute(
      large.db,
    );
    step(`  rows: ${counts.rows.map((r) => `${r.table} ${Number(r.n).toLocaleString('en')}`).join(', ')}`);

    const health: Call = { label: 'GET /api/health', path: '/api/health', who: 'none' };
    const calls = callsFor(size);
    const tinyMs = new Map<string, number>();
    // Twice: the first pass warms the process (JIT), which would flatter the large database's ratios.
    for (const call of calls) await timeCall(tiny, call);
    for (const call of calls) tinyMs.set(call.label, await timeCall(tiny, call));
    const healthMs = await timeCall(large, health);
    step(`  floor: GET /api/health (select 1 through the middleware) ${fmt(healthMs)} ms`);

    const measure = async () => {
      const result = new Map<string, number>();
      for (const call of calls) result.set(call.label, await timeCall(large as Bench, call));
      return result;
    };
    const plain = await measure();
    let analyzed: Map<string, number> | null = null;
    let analyzeMs = 0;
    if (WITH_ANALYZE) {
      const analyzeStarted = performance.now();
      await sql`analyze`.execute(large.db);
      analyzeMs = performance.now() - analyzeStarted;
      analyzed = await measure();
    }

    const width = Math.max(...calls.map((c) => c.label.length)) + 2;
    const header =
      `  ${'call'.padEnd(width)}${'ms'.padStart(8)}${'target'.padStart(8)}${'tiny db'.padStart(9)}${'ratio'.padStart(8)}` +
      (analyzed ? `${'ANALYZE'.padStart(9)}${'target'.padStart(8)}` : '');
    const line = (call: Call) => {
      const ms = plain.get(call.label) as number;
      const base = tinyMs.get(call.label) as number;
      const mark = (value: number) => (!judged(call) ? '-' : value < TARGET_MS ? 'ok' : 'OVER');
      let text = `  ${call.label.padEnd(width)}${fmt(ms).padStart(8)}${mark(ms).padStart(8)}${fmt(base).padStart(9)}${`${(ms / base).toFixed(1)}×`.padStart(8)}`;
      if (analyzed) {
        const after = analyzed.get(call.label) as number;
        text += `${fmt(after).padStart(9)}${mark(after).padStart(8)}`;
      }
      return text;
    };
    step('');
    step(
      `Page calls (target < ${TARGET_MS} ms; "tiny db" = the same call on a 1/1000 database, the ratio's baseline;` +
        `${analyzed ? ' "ANALYZE" = after ANALYZE, which the server does not run' : ''}):`,
    );
    step(header);
    for (const call of calls.filter((c) => !c.search)) step(line(call));
    step('');
    step(
      `Searches ("contains"; 3 characters or more from the trigram indexes, target < ${TARGET_MS} ms;` +
        ' 2 characters scan: printed, not judged):',
    );
    step(header);
    for (const call of calls.filter((c) => c.search)) step(line(call));
    const over = calls.filter((c) => judged(c) && (plain.get(c.label) as number) >= TARGET_MS);
    step('');
    step(
      over.length === 0
        ? `Every page call and indexed search under ${TARGET_MS} ms without statistics.`
        : `Over ${TARGET_MS} ms without statistics: ${over.map((c) => c.label).join('; ')}.`,
    );
    if (analyzed) step(`ANALYZE took ${(analyzeMs / 1000).toFixed(1)} s.`);

    // The rows of run.mjs's table: every call without statistics (what the server runs); its tiny
    // database twin as the baseline; a search of 2 characters printed, not judged.
    rows.push({
      section: 'lists',
      name: 'floor: GET /api/health',
      value: Number(healthMs.toFixed(3)),
      unit: 'ms',
      note: `SQLite, ${size.tasks.toLocaleString('en')} tasks / ${size.referrals.toLocaleString('en')} referrals; median of ${RUNS}`,
    });
    for (const call of calls) {
      const value = plain.get(call.label) as number;
      const after = analyzed?.get(call.label);
      rows.push({
        section: 'lists',
        name: call.search ? `${call.label} (search)` : call.label,
        value: Number(value.toFixed(3)),
        unit: 'ms',
        baseline: Number((tinyMs.get(call.label) as number).toFixed(3)),
        ratio: ratioOf(value, tinyMs.get(call.label)),
        target: judged(call) ? `< ${TARGET_MS} ms` : undefined,
        ok: judged(call) ? value < TARGET_MS : null,
        // Over the target: would statistics help? (Every figure after ANALYZE is in the text above.)
        note: after === undefined || value < TARGET_MS ? undefined : `after ANALYZE ${fmt(after)} ms`,
      });
    }
  } finally {
    await tiny.close();
    await large?.close();
  }
  step(`\nList benchmark done in ${((performance.now() - started) / 1000).toFixed(0)} s; ${loadText()}.`);
  return rows;
}

// Run as a script (run.mjs spawns it); imported (throughput.ts), it only lends its seeding.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main()
    .then((rows) => writeRowsFile(rows))
    .catch((error) => {
      console.error(`\nList benchmark failed: ${error instanceof Error ? error.stack : error}`);
      process.exitCode = 1;
    });
}
