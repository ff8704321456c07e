import type { Transaction } from 'kysely';
import type { AppDeps } from '#src/server/context.ts';
import { linkTaskCompany } from '#src/server/modules/companies/company.service.ts';
import { monthOfInstant, monthStartUtc } from '#src/server/modules/insight/period.ts';
import { createPaymentIn, payPaymentIn } from '#src/server/modules/payments/payment-actions.ts';
import { markYear } from '#src/server/modules/withholding/withholding-marks.ts';
import { withholdingSettings } from '#src/server/modules/withholding/withholding-settings.ts';
import { malaysiaYearOf, malaysiaYearStartUtc } from '#src/server/modules/withholding/withholding-year.ts';
import { toMinorUnits } from '#src/shared/money.ts';
import type { PayeeDetailsValues } from '#src/shared/payee-schemas.ts';
import type { Database, ReferralsTable } from './database';
import { COMPANIES, LANGUAGE_NAMES } from './demo/catalog';
import { demoResume } from './demo/files';
import {
  PAPERWORK_RECRUITERS,
  type PaperworkRecruiterKey,
  SEARCH_PAYMENTS,
  SEARCH_REFERRALS,
  SEARCH_TALENTS,
  SEARCHES,
  type SearchKey,
  type SearchPaymentKey,
  WITHHELD_PAYMENT_REFERENCE,
} from './demo/paperwork';

// The demo's money paperwork (issue 46; the data in demo/paperwork.ts): two recruiters of their own, paid
// last year (Malaysia time) through executive searches, so Admin › Paperwork lists them for last year, and
// Rajesh, paid more than the threshold, is marked for section 107D this year by the yearly job's own code
// (markYear) and has a payment this year made and paid through the admin's own code path, which withholds
// the rate. Last year's payments are written as the seed writes the others (as an older release did).
// Everything is in the seed's transaction; dates are relative to deps.now().

type Trx = Transaction<Database>;
type DemoUser = (values: {
  email: string;
  name: string;
  phone: string;
  role: 'ROLE_RECRUITER';
  locale?: string;
  bank?: [string, string, string];
  payee?: PayeeDetailsValues;
  createdDaysAgo: number;
}) => Promise<number>;
/** What the seed lends: its admin, its way of making a user (sealing the bank and payee details), and of
 * recording a file it stored. */
export type PaperworkSeedTools = {
  admin: number;
  user: DemoUser;
  insertFile: (name: string, ownerId: number, at: number) => Promise<number>;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The talents' resumes, stored with the seed's other files before its transaction. */
export function paperworkFiles() {
  return new Map(
    Object.entries(SEARCH_TALENTS).map(([key, talent]) => [
      `resume:search:${key}`,
      demoResume(`demo/resume-search-${key}.pdf`, {
        ...talent,
        country: 'Malaysia',
        languages: talent.languages.map((code) => LANGUAGE_NAMES[code] ?? code),
      }),
    ]),
  );
}

type Event = { actor: number | null; action: string; from?: string | null; to?: string | null; note?: string | null };

/**
 * A demo payment in ringgit with nothing withheld, written as an older release wrote payments (the seed's
 * own and last year's); `paidAt` null leaves it PENDING. This year's withheld payment goes through the
 * admin's code instead (seedPaperwork).
 */
export function insertDemoPayment(
  trx: Trx,
  payment: {
    recruiterId: number;
    amount: number;
    reference: string | null;
    createdBy: number;
    createdAt: string;
    paidAt: string | null;
  },
) {
  return trx
    .insertInto('payments')
    .values({
      recruiter_id: payment.recruiterId,
      amount: payment.amount,
      net_amount: payment.amount,
      currency: 'MYR',
      status: payment.paidAt === null ? 'PENDING' : 'PAID',
      reference: payment.reference,
      paid_at: payment.paidAt,
      created_by: payment.createdBy,
      created_at: payment.createdAt,
      updated_at: payment.paidAt ?? payment.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function seedPaperwork(trx: Trx, deps: AppDeps, tools: PaperworkSeedTools) {
  const now = deps.now();
  const nowMs = now.getTime();
  const year = malaysiaYearOf(now);
  const yearStart = Date.parse(malaysiaYearStartUtc(year));
  const sinceYear = nowMs - yearStart;
  const sinceMonth = nowMs - Date.parse(monthStartUtc(monthOfInstant(now)));
  /** Last year: `days` before 1 January of this year, Malaysia time. */
  const beforeYear = (days: number) => yearStart - days * DAY;
  const iso = (ms: number) => new Date(ms).toISOString();
  const { admin } = tools;

  // The recruiters, with their bank and payee details sealed as the account page seals them.
  const recruiters = {} as Record<PaperworkRecruiterKey, number>;
  for (const key of Object.keys(PAPERWORK_RECRUITERS) as PaperworkRecruiterKey[]) {
    recruiters[key] = await tools.user({
      ...PAPERWORK_RECRUITERS[key],
      role: 'ROLE_RECRUITER',
      createdDaysAgo: (nowMs - beforeYear(230)) / DAY,
    });
  }

  // This year's search and referrals: placed before now whatever the day, the payment created after the
  // mark (written in the first minutes of the year) and paid in the current month, so Admin › Payments ›
  // Section 107D opens on it.
  const thisYear = {
    opened: nowMs - 45 * DAY,
    referred: (i: number) => nowMs - (35 - 2 * i) * DAY,
    approved: nowMs - Math.min(7 * DAY, sinceYear * 0.7),
    closed: nowMs - Math.min(6 * DAY, sinceYear * 0.65),
    marked: yearStart + Math.min(10 * MINUTE, sinceYear * 0.05),
    paymentCreated: nowMs - Math.min(5 * DAY, sinceYear * 0.6),
    paid: nowMs - Math.min(2 * DAY, sinceMonth * 0.4),
  };
  const recorded = thisYear.paid + Math.min(HOUR, (nowMs - thisYear.paid) / 2);

  // The searches, closed once filled, each a company record of its own as an admin's task is.
  const searches = {} as Record<SearchKey, { id: number; reward: number }>;
  let code = (await trx.selectFrom('tasks').select('id').execute()).length;
  for (const [key, search] of Object.entries(SEARCHES) as [SearchKey, (typeof SEARCHES)[SearchKey]][]) {
    const company = COMPANIES[search.company];
    const opened = search.lastYear ? beforeYear(search.lastYear.openedBefore) : thisYear.opened;
    const closed = search.lastYear ? beforeYear(search.lastYear.closedBefore) : thisYear.closed;
    code += 1;
    const row = await trx
      .insertInto('tasks')
      .values({
        code: `T-${String(code).padStart(6, '0')}`,
        title: search.title,
        company: company.name,
        description: `${company.about}\n\n${search.description}\n\nFull-time, based in ${company.location}, ${company.country}.`,
        job_type: 'ft',
        is_critical: 0,
        location: company.location,
        country: company.country,
        salary_min: toMinorUnits(search.salary[0], 'MYR'),
        salary_max: toMinorUnits(search.salary[1], 'MYR'),
        salary_currency: 'MYR',
        reward_amount: toMinorUnits(search.reward, 'MYR'),
        reward_currency: 'MYR',
        quota: search.quota,
        status: 'CLOSED',
        expires_at: null,
        required_skills: JSON.stringify(search.skills),
        required_languages: JSON.stringify(search.languages),
        created_by: admin,
        created_at: iso(opened),
        updated_at: iso(closed),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await linkTaskCompany(trx, row.id, iso(opened));
    searches[key] = { id: row.id, reward: toMinorUnits(search.reward, 'MYR') };
  }

  // Each recruiter joined the searches they referred to, a day after each opened.
  const joined = new Set<string>();
  for (const story of SEARCH_REFERRALS) {
    const recruiter = SEARCH_TALENTS[story.talent]?.recruiter as PaperworkRecruiterKey;
    const pair = `${recruiter}:${story.search}`;
    if (joined.has(pair)) continue;
    joined.add(pair);
    const search = SEARCHES[story.search];
    const opened = search.lastYear ? beforeYear(search.lastYear.openedBefore) : thisYear.opened;
    await trx
      .insertInto('recruiter_tasks')
      .values({
        recruiter_id: recruiters[recruiter],
        task_id: searches[story.search].id,
        assigned_by: null,
        created_at: iso(opened + DAY),
      })
      .execute();
  }

  // Last year's payments, in full: the sum of the referrals each paid.
  const payments = {} as Record<SearchPaymentKey, number>;
  for (const [key, payment] of Object.entries(SEARCH_PAYMENTS) as [
    SearchPaymentKey,
    (typeof SEARCH_PAYMENTS)[SearchPaymentKey],
  ][]) {
    const amount = SEARCH_REFERRALS.filter((s) => 'payment' in s && s.payment === key).reduce(
      (sum, s) => sum + searches[s.search].reward,
      0,
    );
    const row = await insertDemoPayment(trx, {
      recruiterId: recruiters[payment.recruiter],
      amount,
      reference: payment.reference,
      createdBy: admin,
      createdAt: iso(beforeYear(payment.createdBefore)),
      paidAt: iso(beforeYear(payment.paidBefore)),
    });
    payments[key] = row.id;
  }

  // The referrals, each with its story: referred, consent and intent to apply confirmed, the hiring moves,
  // the reward approved; last year's then paid.
  const thisYearReferrals: number[] = [];
  for (const story of SEARCH_REFERRALS) {
    const talent = SEARCH_TALENTS[story.talent];
    if (!talent) throw new Error(`demo: unknown talent ${story.talent}`);
    const recruiterId = recruiters[talent.recruiter];
    const search = searches[story.search];
    const created =
      'thisYear' in story ? thisYear.referred(thisYearReferrals.length) : beforeYear(story.referredBefore);
    const approved = 'thisYear' in story ? thisYear.approved : beforeYear(story.approvedBefore);
    const resumeId = await tools.insertFile(`resume:search:${story.talent}`, recruiterId, created - 2 * HOUR);
    const { id: talentId } = await trx
      .insertInto('talents')
      .values({
        recruiter_id: recruiterId,
        full_name: talent.name,
        email: talent.email,
        email_normalized: talent.email.toLowerCase(),
        phone: talent.phone.slice(3),
        country_code: '+60',
        phone_e164: talent.phone,
        languages: JSON.stringify(talent.languages),
        education_level: talent.education,
        country: 'Malaysia',
        location: talent.location,
        expected_salary: toMinorUnits(talent.salary, 'MYR'),
        expected_salary_currency: 'MYR',
        resume_file_id: resumeId,
        resume_text: `${talent.name}\n${talent.position}\n${talent.summary}\nSkills: ${talent.skills.join(', ')}`,
        parse_status: 'DONE',
        has_work_experience: 1,
        years_of_experience: talent.years,
        current_position: talent.position,
        skills: JSON.stringify(talent.skills),
        summary: talent.summary,
        created_at: iso(created - 2 * HOUR),
        updated_at: iso(created - HOUR),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const hiring: ReferralsTable['hiring_status'][] = story.hired
      ? ['SCREENING', 'INTERVIEW', 'OFFERED', 'HIRED']
      : ['SCREENING', 'INTERVIEW', 'REJECTED'];
    const consentAt = created + DAY;
    const itaAt = created + 2 * DAY;
    const stamped: { event: Event; at: number }[] = [
      { event: { actor: recruiterId, action: 'REFERRED', to: 'SUBMITTED' }, at: created },
      { event: { actor: recruiterId, action: 'CONSENT_SENT', to: 'PENDING' }, at: created + 2 * MINUTE },
      { event: { actor: null, action: 'CONSENT_CHANGED', from: 'PENDING', to: 'CONFIRMED' }, at: consentAt },
      { event: { actor: recruiterId, action: 'ITA_SENT', from: 'NOT_SENT', to: 'SENT' }, at: consentAt + HOUR },
      { event: { actor: null, action: 'ITA_CHANGED', from: 'SENT', to: 'CONFIRMED' }, at: itaAt },
      // An executive search moves over weeks: a step every four days after the intent to apply.
      ...hiring.map((to, step) => ({
        event: { actor: admin, action: 'HIRING_CHANGED', from: step === 0 ? 'SUBMITTED' : hiring[step - 1], to },
        at: itaAt + (step + 1) * 4 * DAY,
      })),
      { event: { actor: admin, action: 'REWARD_CHANGED', from: null, to: 'APPROVED' }, at: approved },
    ];
    const paymentKey = 'payment' in story ? story.payment : null;
    if (paymentKey) {
      const paid = SEARCH_PAYMENTS[paymentKey];
      stamped.push(
        {
          event: {
            actor: admin,
            action: 'REWARD_CHANGED',
            from: 'APPROVED',
            to: 'PENDING_PAYMENT',
            note: `Payment #${payments[paymentKey]}`,
          },
          at: beforeYear(paid.createdBefore),
        },
        {
          event: { actor: admin, action: 'REWARD_CHANGED', from: 'PENDING_PAYMENT', to: 'PAID', note: paid.reference },
          at: beforeYear(paid.paidBefore),
        },
      );
    }
    stamped.sort((a, b) => a.at - b.at);
    const lastAt = stamped.at(-1)?.at ?? created;
    const { id: referralId } = await trx
      .insertInto('referrals')
      .values({
        talent_id: talentId,
        task_id: search.id,
        recruiter_id: recruiterId,
        person_email: talent.email.toLowerCase(),
        person_phone: talent.phone,
        recruiter_note: story.note,
        rating: story.rating,
        consent_status: 'CONFIRMED',
        consent_decided_at: iso(consentAt),
        ita_status: 'CONFIRMED',
        ita_decided_at: iso(itaAt),
        hiring_status: hiring.at(-1) as ReferralsTable['hiring_status'],
        reward_status: paymentKey ? 'PAID' : 'APPROVED',
        reward_amount: search.reward,
        reward_currency: 'MYR',
        reward_reason: null,
        reward_decided_by: admin,
        reward_decided_at: iso(approved),
        promo_id: null,
        payment_id: paymentKey ? payments[paymentKey] : null,
        created_at: iso(created),
        updated_at: iso(lastAt),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('referral_history')
      .values(
        stamped.map(({ event, at }) => ({
          referral_id: referralId,
          actor_id: event.actor,
          action: event.action,
          from_value: event.from ?? null,
          to_value: event.to ?? null,
          note: event.note ?? null,
          created_at: iso(at),
        })),
      )
      .execute();
    if (!paymentKey) thisYearReferrals.push(referralId);
  }

  // Section 107D: the yearly job's marking, as it runs in the first minutes of the year; then this year's
  // payment, created and paid as an admin does it, which withholds the rate and tells Rajesh so.
  const settings = withholdingSettings(deps.env);
  await markYear(trx, year, settings, new Date(thisYear.marked));
  const at = (ms: number) => ({ env: deps.env, now: () => new Date(ms) });
  const paymentId = await createPaymentIn(trx, at(thisYear.paymentCreated), admin, {
    recruiterId: recruiters.rajesh,
    referralIds: thisYearReferrals,
  });
  await payPaymentIn(trx, at(recorded), admin, paymentId, {
    reference: WITHHELD_PAYMENT_REFERENCE,
    paidAt: iso(thisYear.paid),
  });

  return (Object.keys(PAPERWORK_RECRUITERS) as PaperworkRecruiterKey[]).map((key) => ({
    email: PAPERWORK_RECRUITERS[key].email,
    role: 'ROLE_RECRUITER',
  }));
}
