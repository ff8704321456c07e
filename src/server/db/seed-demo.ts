import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { AppDeps } from '#src/server/context.ts';
import { linkTaskCompany } from '#src/server/modules/companies/company.service.ts';
import { savePayee, sealPayout } from '#src/server/personal-data/sealed-details.ts';
import { hashPassword } from '#src/server/security/passwords.ts';
import { sealingKeysOf } from '#src/server/security/sealing.ts';
import { toMinorUnits } from '#src/shared/money.ts';
import type { PayeeDetailsValues } from '#src/shared/payee-schemas.ts';
import { isPostgres } from './connect';
import type { Database, ReferralsTable } from './database';
import {
  COMPANIES,
  JOINED,
  LANGUAGE_NAMES,
  PAYMENTS,
  PROMOS,
  REFERRALS,
  type ReferralStory,
  ROLES,
  TALENTS,
  TASKS,
} from './demo/catalog';
import { demoResume, tinyPdf, tinyPng } from './demo/files';
import { insertDemoPayment, paperworkFiles, seedPaperwork } from './seed-paperwork';

// Demo data on an empty database (issue 2, "Demo data"). Returns the accounts it made, or null when
// the database already had users. All dates are relative to deps.now(), so the demo stays fresh.
type Trx = Transaction<Database>;
type Account = { email: string; role: string };
type DemoFile = { key: string; bytes: Buffer; mime: string; name: string; purpose: 'RESUME' | 'CALL_PROOF' };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Rewards and bonuses are in MYR (two minor digits); salaries go through toMinorUnits, which knows that IDR
// has none (Intl), so 12,000,000 rupiah is stored as 12000000, not a hundred times that.
const minor = (whole: number) => Math.round(whole * 100);

export async function seedDemo(deps: AppDeps): Promise<{ accounts: Account[] } | null> {
  if (await hasUsers(deps.db)) return null;
  const passwordHash = await hashPassword(deps.env.DEMO_PASSWORD); // argon2 is slow: hash once, reuse
  const files = new Map([...demoFiles(), ...paperworkFiles()]);
  // Files first: a row must never point at a file that is not there. Rewriting them is harmless.
  await Promise.all([...files.values()].map((file) => deps.storage.put(file.key, file.bytes, file.mime)));

  return deps.db.transaction().execute(async (trx) => {
    // Two instances starting together on one PostgreSQL database: only the first one seeds.
    if (isPostgres(deps.db)) await sql`select pg_advisory_xact_lock(7242001)`.execute(trx);
    if (await hasUsers(trx)) return null;
    return { accounts: await seedInto(trx, deps, passwordHash, files) };
  });
}

async function hasUsers(db: AppDeps['db'] | Trx): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

function demoFiles(): Map<string, DemoFile> {
  const files = new Map<string, DemoFile>();
  for (const [key, talent] of Object.entries(TALENTS)) {
    const languages = talent.languages.map((code) => LANGUAGE_NAMES[code] ?? code);
    files.set(`resume:${key}`, demoResume(`demo/resume-${key}.pdf`, { ...talent, languages }));
  }
  REFERRALS.forEach((story, r) => {
    story.proofs.forEach((proof, p) => {
      const n = `${r + 1}-${p + 1}`;
      files.set(`proof:${n}`, {
        key: `demo/call-proof-${n}.${proof.kind}`,
        bytes:
          proof.kind === 'png'
            ? tinyPng(r + p)
            : tinyPdf(['Call log', `Call with ${TALENTS[story.talent]?.name ?? 'candidate'}`, proof.note]),
        mime: proof.kind === 'png' ? 'image/png' : 'application/pdf',
        name: proof.kind === 'png' ? `Screenshot_call_${r + 1}${p + 1}.png` : `call-log-${r + 1}-${p + 1}.pdf`,
        purpose: 'CALL_PROOF',
      });
    });
  });
  return files;
}

async function seedInto(trx: Trx, deps: AppDeps, passwordHash: string, files: Map<string, DemoFile>) {
  const nowMs = deps.now().getTime();
  const ago = (days: number, hours = 0) => new Date(nowMs - days * DAY - hours * HOUR).toISOString();
  const env = deps.env;

  // Users
  const user = async (values: {
    email: string;
    name: string;
    phone: string;
    role: 'ROLE_ADMIN' | 'ROLE_RECRUITER';
    status?: 'ACTIVE' | 'DEACTIVATE';
    mustChange?: boolean;
    locale?: string;
    bank?: [string, string, string];
    /** Form CP58's payee details (issue 46): made up, never a real person's card. */
    payee?: PayeeDetailsValues;
    createdDaysAgo: number;
    updatedDaysAgo?: number;
  }) => {
    const row = await trx
      .insertInto('users')
      .values({
        email: values.email,
        password_hash: passwordHash,
        full_name: values.name,
        phone: values.phone,
        roles: JSON.stringify([values.role]),
        status: values.status ?? 'ACTIVE',
        need_to_change_password: values.mustChange ? 1 : 0,
        remaining_ai_note_improvement: values.role === 'ROLE_RECRUITER' ? env.AI_NOTE_QUOTA : 0,
        locale: values.locale ?? 'en',
        timezone: 'Asia/Kuala_Lumpur',
        created_at: ago(values.createdDaysAgo),
        updated_at: ago(values.updatedDaysAgo ?? values.createdDaysAgo),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Sealed for this user's row (issue 46), so after the insert that gives the id.
    if (values.bank) {
      const [bankName, accountName, accountNumber] = values.bank;
      await trx
        .updateTable('users')
        .set({ payout_sealed: sealPayout(keys, row.id, { bankName, accountName, accountNumber }) })
        .where('id', '=', row.id)
        .execute();
    }
    if (values.payee) await savePayee(trx, keys, row.id, values.payee, ago(values.createdDaysAgo));
    return row.id;
  };
  const keys = sealingKeysOf(env);
  const admin = await user({
    email: 'admin@example.com',
    name: 'Nurul Aina binti Hashim',
    phone: '+60122345601',
    role: 'ROLE_ADMIN',
    createdDaysAgo: 180,
  });
  const recruiters = {
    main: await user({
      email: 'recruiter@example.com',
      name: 'Ahmad Faizal bin Ismail',
      phone: '+60123456702',
      role: 'ROLE_RECRUITER',
      bank: ['Maybank', 'AHMAD FAIZAL BIN ISMAIL', '514012345678'],
      payee: {
        fullName: 'AHMAD FAIZAL BIN ISMAIL',
        idType: 'MYKAD',
        idNumber: '900615145071',
        taxNumber: 'IG20481357090',
        address: {
          line1: 'No. 12, Jalan Setiawangsa 9',
          line2: 'Taman Setiawangsa',
          line3: null,
          postcode: '54200',
          city: 'Kuala Lumpur',
          state: 'KUALA_LUMPUR',
        },
      },
      createdDaysAgo: 120,
    }),
    siti: await user({
      email: 'siti.recruiter@example.com',
      name: 'Siti Nurhaliza binti Kamarudin',
      phone: '+60137788903',
      role: 'ROLE_RECRUITER',
      mustChange: true,
      locale: 'ms',
      createdDaysAgo: 1,
    }),
    tan: await user({
      email: 'deactivated.recruiter@example.com',
      name: 'Tan Wei Ming',
      phone: '+60164455204',
      role: 'ROLE_RECRUITER',
      status: 'DEACTIVATE',
      bank: ['CIMB Bank', 'TAN WEI MING', '8004123456'],
      payee: {
        fullName: 'TAN WEI MING',
        idType: 'MYKAD',
        idNumber: '880302075123',
        taxNumber: null,
        address: {
          line1: '23, Lorong Kampung Baru',
          line2: null,
          line3: null,
          postcode: '11600',
          city: 'George Town',
          state: 'PULAU_PINANG',
        },
      },
      createdDaysAgo: 150,
      updatedDaysAgo: 10,
    }),
  };

  // Tasks
  const taskIds: number[] = [];
  const taskReward: number[] = [];
  const taskCreated: number[] = [];
  for (const [
    index,
    [companyKey, roleKey, state, createdAgo, critical, quota, expiresIn, closedAgo],
  ] of TASKS.entries()) {
    const company = COMPANIES[companyKey];
    const role = ROLES[roleKey];
    const languages =
      company.country === 'Indonesia'
        ? ['id', ...role.languages.filter((code) => code !== 'ms' && code !== 'id')]
        : role.languages;
    const created = nowMs - createdAgo * DAY;
    const row = await trx
      .insertInto('tasks')
      .values({
        code: `T-${String(index + 1).padStart(6, '0')}`,
        title: role.title,
        company: company.name,
        description: describeTask(company, role, languages),
        job_type: role.jobType,
        is_critical: critical ? 1 : 0,
        location: company.location,
        country: company.country,
        salary_min: salaryIn(company.currency, role.salary[0]),
        salary_max: salaryIn(company.currency, role.salary[1]),
        salary_currency: company.currency,
        reward_amount: minor(role.reward),
        reward_currency: 'MYR',
        quota,
        status: state === 'closed' ? 'CLOSED' : 'OPEN',
        expires_at: expiresIn === null ? null : new Date(nowMs + expiresIn * DAY).toISOString(),
        required_skills: JSON.stringify(role.skills),
        required_languages: JSON.stringify(languages),
        created_by: admin,
        created_at: new Date(created).toISOString(),
        updated_at: ago(closedAgo ?? createdAgo),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The task's company is a record of its own (issue 45), as an admin's new task's is: Admin › Companies
    // lists the demo's companies, and their contacts can be added before anything is shared.
    await linkTaskCompany(trx, row.id, new Date(created).toISOString());
    taskIds.push(row.id);
    taskReward.push(minor(role.reward));
    taskCreated.push(created);
  }
  const taskId = (n: number) => taskIds[n - 1] as number;

  // Promos
  const promoIds: { id: number; start: number; end: number; bonus: number; tasks: number[] }[] = [];
  for (const promo of PROMOS) {
    const start = nowMs - promo.startsDaysAgo * DAY;
    const end = nowMs - promo.endsDaysAgo * DAY;
    const row = await trx
      .insertInto('promos')
      .values({
        title: promo.title,
        description: promo.description,
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(end).toISOString(),
        bonus_amount: minor(promo.bonus),
        bonus_currency: 'MYR',
        created_by: admin,
        created_at: ago(promo.startsDaysAgo + 3),
        updated_at: ago(promo.startsDaysAgo + 3),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    promoIds.push({ id: row.id, start, end, bonus: minor(promo.bonus), tasks: promo.tasks });
    await trx
      .insertInto('promo_tasks')
      .values(
        promo.tasks.map((n) => ({ promo_id: row.id, task_id: taskId(n), created_at: ago(promo.startsDaysAgo + 3) })),
      )
      .execute();
  }

  // Joined tasks: a day or two after the task opened, and before the recruiter's first referral to it.
  await trx
    .insertInto('recruiter_tasks')
    .values(
      JOINED.map(({ recruiter, task, assigned, daysAgo }) => {
        const recruiterKey = recruiter;
        const firstReferral = Math.min(
          ...REFERRALS.filter((s) => s.task === task && TALENTS[s.talent]?.recruiter === recruiterKey).map(
            (s) => nowMs - s.daysAgo * DAY,
          ),
          nowMs - HOUR,
        );
        const created = taskCreated[task - 1] as number;
        const joined =
          daysAgo !== undefined
            ? nowMs - daysAgo * DAY
            : Math.max(created + HOUR, Math.min(created + 2 * DAY, firstReferral - DAY));
        return {
          recruiter_id: recruiters[recruiter],
          task_id: taskId(task),
          assigned_by: assigned ? admin : null,
          created_at: new Date(joined).toISOString(),
        };
      }),
    )
    .execute();

  const insertFile = async (name: string, ownerId: number, at: number) => {
    const file = files.get(name);
    if (!file) throw new Error(`demo: no file ${name}`);
    const row = await trx
      .insertInto('files')
      .values({
        owner_id: ownerId,
        purpose: file.purpose,
        original_name: file.name,
        mime_type: file.mime,
        size: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        storage_key: file.key,
        created_at: new Date(at).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  // Talents: created just before their first referral.
  const talentIds = new Map<string, number>();
  for (const [key, t] of Object.entries(TALENTS)) {
    const first = Math.max(...REFERRALS.filter((s) => s.talent === key).map((s) => s.daysAgo)) + 0.1;
    const resumeId = await insertFile(`resume:${key}`, recruiters[t.recruiter], nowMs - first * DAY);
    const row = await trx
      .insertInto('talents')
      .values({
        recruiter_id: recruiters[t.recruiter],
        full_name: t.name,
        email: t.email,
        email_normalized: t.email.toLowerCase(),
        phone: t.phone.slice(t.dial.length),
        country_code: t.dial,
        phone_e164: t.phone,
        languages: JSON.stringify(t.languages),
        education_level: t.education,
        country: t.country,
        location: t.location,
        expected_salary: toMinorUnits(t.salary, t.currency),
        expected_salary_currency: t.currency,
        resume_file_id: resumeId,
        resume_text: `${t.name}\n${t.position}\n${t.summary}\nSkills: ${t.skills.join(', ')}`,
        parse_status: 'DONE',
        has_work_experience: t.years > 0 ? 1 : 0,
        years_of_experience: t.years,
        current_position: t.position,
        skills: JSON.stringify(t.skills),
        summary: t.summary,
        created_at: ago(first),
        updated_at: ago(first - 0.05),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    talentIds.set(key, row.id);
  }

  // Payments, then referrals with their history and call proofs.
  const paymentIds = new Map<string, number>();
  for (const [key, payment] of Object.entries(PAYMENTS)) {
    const amount = REFERRALS.filter((s) => s.payment === key).reduce((sum, s) => sum + rewardFor(s).amount, 0);
    const row = await insertDemoPayment(trx, {
      recruiterId: recruiters[payment.recruiter] as number,
      amount,
      reference: payment.reference,
      createdBy: admin,
      createdAt: ago(payment.createdDaysAgo),
      paidAt: payment.paidDaysAgo === null ? null : ago(payment.paidDaysAgo),
    });
    paymentIds.set(key, row.id);
  }

  function rewardFor(story: ReferralStory) {
    const created = nowMs - story.daysAgo * DAY;
    const promo = promoIds.find((p) => p.tasks.includes(story.task) && p.start <= created && created < p.end);
    return { promoId: promo?.id ?? null, amount: (taskReward[story.task - 1] as number) + (promo?.bonus ?? 0) };
  }

  for (const [r, story] of REFERRALS.entries()) {
    const talent = TALENTS[story.talent];
    if (!talent) throw new Error(`demo: unknown talent ${story.talent}`);
    const recruiterId = recruiters[talent.recruiter];
    const created = nowMs - story.daysAgo * DAY;
    const decided = story.reward ? nowMs - story.reward.daysAgo * DAY : null;
    const payment = story.payment ? PAYMENTS[story.payment] : null;
    const { promoId, amount } = rewardFor(story);
    const inPayment = story.reward?.status === 'APPROVED' && payment;
    const rewardStatus = inPayment ? (payment.paidDaysAgo === null ? 'PENDING_PAYMENT' : 'PAID') : story.reward?.status;
    const approved = story.reward?.status === 'APPROVED';

    // The story's events in order; times spread between the referral and the reward decision (or today).
    type Event = {
      actor: number | null;
      action: string;
      from?: string | null;
      to?: string | null;
      note?: string | null;
    };
    const early: Event[] = [
      { actor: recruiterId, action: 'REFERRED', to: 'SUBMITTED' },
      { actor: recruiterId, action: 'CONSENT_SENT', to: 'PENDING' },
      ...story.proofs.map((proof) => ({
        actor: recruiterId,
        action: 'CALL_PROOF_ADDED',
        to: 'NEED_REVIEW',
        note: proof.note,
      })),
    ];
    const later: Event[] = [];
    if (story.consentResent) later.push({ actor: recruiterId, action: 'CONSENT_RESENT', to: 'PENDING' });
    if (story.consent !== 'PENDING')
      later.push({ actor: null, action: 'CONSENT_CHANGED', from: 'PENDING', to: story.consent });
    if (story.ita !== 'NOT_SENT') later.push({ actor: recruiterId, action: 'ITA_SENT', from: 'NOT_SENT', to: 'SENT' });
    if (story.ita === 'CONFIRMED' || story.ita === 'DECLINED')
      later.push({ actor: null, action: 'ITA_CHANGED', from: 'SENT', to: story.ita });
    for (const proof of story.proofs)
      if (proof.status !== 'NEED_REVIEW')
        later.push({
          actor: admin,
          action: 'CALL_PROOF_REVIEWED',
          from: 'NEED_REVIEW',
          to: proof.status,
          note: proof.reason ?? null,
        });
    let hiring: ReferralsTable['hiring_status'] = 'SUBMITTED';
    for (const next of story.hiring) {
      later.push({ actor: admin, action: 'HIRING_CHANGED', from: hiring, to: next });
      hiring = next;
    }
    const stamped: { event: Event; at: number }[] = early.map((event, i) => ({
      event,
      at: created + (i === 0 ? 0 : 2 * 60_000 + (i - 1) * 30 * 60_000),
    }));
    const start = created + 3 * HOUR;
    const end = decided !== null ? decided - 2 * HOUR : Math.min(nowMs - HOUR, created + story.daysAgo * DAY * 0.85);
    later.forEach((event, i) => {
      stamped.push({ event, at: Math.round(start + ((i + 1) * (end - start)) / (later.length + 1)) });
    });
    if (story.reward && decided !== null)
      stamped.push({
        event: {
          actor: admin,
          action: 'REWARD_CHANGED',
          from: null,
          to: story.reward.status,
          note: story.reward.reason ?? null,
        },
        at: decided,
      });
    if (inPayment && story.payment) {
      const paymentId = paymentIds.get(story.payment);
      stamped.push({
        event: {
          actor: admin,
          action: 'REWARD_CHANGED',
          from: 'APPROVED',
          to: 'PENDING_PAYMENT',
          note: `Payment #${paymentId}`,
        },
        at: nowMs - payment.createdDaysAgo * DAY,
      });
      if (payment.paidDaysAgo !== null)
        stamped.push({
          event: {
            actor: admin,
            action: 'REWARD_CHANGED',
            from: 'PENDING_PAYMENT',
            to: 'PAID',
            note: payment.reference,
          },
          at: nowMs - payment.paidDaysAgo * DAY,
        });
    }
    const when = (predicate: (e: Event) => boolean) => {
      const found = stamped.find((s) => predicate(s.event));
      return found ? new Date(found.at).toISOString() : null;
    };
    const lastAt = Math.max(...stamped.map((s) => s.at));

    const referral = await trx
      .insertInto('referrals')
      .values({
        talent_id: talentIds.get(story.talent) as number,
        task_id: taskId(story.task),
        recruiter_id: recruiterId,
        person_email: talent.email.toLowerCase(),
        person_phone: talent.phone,
        recruiter_note: story.note,
        rating: story.rating,
        consent_status: story.consent,
        consent_decided_at: when((e) => e.action === 'CONSENT_CHANGED'),
        ita_status: story.ita,
        ita_decided_at: when((e) => e.action === 'ITA_CHANGED'),
        hiring_status: hiring,
        reward_status: rewardStatus ?? null,
        reward_amount: approved ? amount : null,
        reward_currency: approved ? 'MYR' : null,
        reward_reason: story.reward?.reason ?? null,
        reward_decided_by: story.reward ? admin : null,
        reward_decided_at: decided !== null ? new Date(decided).toISOString() : null,
        promo_id: promoId,
        payment_id: inPayment && story.payment ? (paymentIds.get(story.payment) ?? null) : null,
        created_at: new Date(created).toISOString(),
        updated_at: new Date(lastAt).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await trx
      .insertInto('referral_history')
      .values(
        stamped
          .sort((a, b) => a.at - b.at)
          .map(({ event, at }) => ({
            referral_id: referral.id,
            actor_id: event.actor,
            action: event.action,
            from_value: event.from ?? null,
            to_value: event.to ?? null,
            note: event.note ?? null,
            created_at: new Date(at).toISOString(),
          })),
      )
      .execute();

    const reviews = stamped.filter((s) => s.event.action === 'CALL_PROOF_REVIEWED');
    let reviewed = 0;
    for (const [p, proof] of story.proofs.entries()) {
      const added =
        stamped.find((s) => s.event.action === 'CALL_PROOF_ADDED' && s.event.note === proof.note)?.at ?? created;
      const review = proof.status === 'NEED_REVIEW' ? null : reviews[reviewed++];
      await trx
        .insertInto('call_proofs')
        .values({
          referral_id: referral.id,
          file_id: await insertFile(`proof:${r + 1}-${p + 1}`, recruiterId, added),
          called_at: new Date(added - 20 * 60_000).toISOString(),
          note: proof.note,
          review_status: proof.status,
          review_reason: proof.reason ?? null,
          reviewed_by: review ? admin : null,
          reviewed_at: review ? new Date(review.at).toISOString() : null,
          created_by: recruiterId,
          created_at: new Date(added).toISOString(),
        })
        .execute();
    }
  }

  // The money's paperwork (issue 46), on recruiters of its own: last year's Form CP58s, section 107D.
  const paperwork = await seedPaperwork(trx, deps, { admin, user, insertFile });

  return [
    { email: 'admin@example.com', role: 'ROLE_ADMIN' },
    { email: 'recruiter@example.com', role: 'ROLE_RECRUITER' },
    { email: 'siti.recruiter@example.com', role: 'ROLE_RECRUITER' },
    { email: 'deactivated.recruiter@example.com', role: 'ROLE_RECRUITER' },
    ...paperwork,
  ];
}

const JOB_TYPE_LABEL = { ft: 'Full-time', pt: 'Part-time', intern: 'Internship' } as const;

function describeTask(
  company: (typeof COMPANIES)[keyof typeof COMPANIES],
  role: (typeof ROLES)[keyof typeof ROLES],
  languages: string[],
): string {
  const spoken = languages.map((code) => LANGUAGE_NAMES[code] ?? code).join(', ');
  return [
    company.about,
    role.summary,
    `What you will do: ${role.duties}`,
    `What we are looking for: ${role.experience} Skills: ${role.skills.join(', ')}. Languages: ${spoken}.`,
    `${JOB_TYPE_LABEL[role.jobType]}, based in ${company.location}, ${company.country}.`,
  ].join('\n\n');
}

// Role salaries are written in MYR a month; other markets get a locally sensible figure.
function salaryIn(currency: 'MYR' | 'SGD' | 'IDR', myr: number): number {
  if (currency === 'SGD') return toMinorUnits(Math.round((myr * 0.6) / 100) * 100, currency);
  if (currency === 'IDR') return toMinorUnits(Math.round((myr * 3400) / 500_000) * 500_000, currency);
  return toMinorUnits(myr, currency);
}
