import { sql } from 'kysely';
import type { AppDeps } from '#src/server/context.ts';
import { type DB, isPostgres } from '#src/server/db/connect.ts';
import { hasRole } from '#src/server/modules/admin-recruiters/admin-recruiter.repository.ts';
import { countReferralsByStatus } from '#src/server/modules/admin-referrals/referral-counts.ts';
import { wallClockParts } from '#src/shared/wall-clock.ts';
import { deliver, RECIPIENT_COLUMNS } from './deliver';
import { readPreferences } from './preferences';

// Issue 25: an admin who chose the daily digest gets one summary a day of what waits for them (call proofs
// to review, consented referrals to decide, talents' requests, recruiters' Form CP58 requests), from 08:00
// in their time zone, by push and e-mail as their topics say, with the hiring companies' answers received
// since their last digest (issue 45: news rather than work, but the instant items stay in the app only).
// Maintenance runs this every hour; the digest's own in-app item (one per admin per local day) is the mark
// that today's was sent, and the start of the next one's answers. Nothing waiting and no answer, nothing sent.
/** Answers counted for an admin who never had a digest: the day before. */
const FIRST_DIGEST_LOOKBACK_MS = 24 * 3_600_000;
export const DIGEST_HOUR = 8;
// The first key of the per-admin advisory lock: any constant no other lock in the app uses.
const DIGEST_LOCK = 25_001;

export async function sendAdminDigests(deps: Pick<AppDeps, 'db' | 'env' | 'now'>): Promise<number> {
  const { db } = deps;
  const now = deps.now();
  const admins = await db
    .selectFrom('users')
    .select([...RECIPIENT_COLUMNS, 'users.timezone'])
    .where('users.status', '=', 'ACTIVE')
    .where(hasRole('ROLE_ADMIN'))
    .execute();
  const due = admins.filter((admin) => {
    if (readPreferences(admin.notification_prefs, JSON.parse(admin.roles) as string[]).adminDelivery !== 'DIGEST')
      return false;
    return Number(localParts(now, admin.timezone).hour) >= DIGEST_HOUR;
  });
  if (due.length === 0) return 0;

  const [callProofs, rewards, dataRequests, cp58Requests] = await Promise.all([
    db
      .selectFrom('call_proofs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('review_status', '=', 'NEED_REVIEW')
      .executeTakeFirst()
      .then((r) => Number(r?.n ?? 0)),
    countReferralsByStatus(db, { consent: 'CONFIRMED', reward: 'IN_REVIEW' }),
    db
      .selectFrom('data_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'OPEN')
      .executeTakeFirst()
      .then((r) => Number(r?.n ?? 0)),
    // Recruiters' Form CP58 requests with no version issued since (issue 46).
    db
      .selectFrom('cp58_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('cp58_forms')
              .select('cp58_forms.id')
              .whereRef('cp58_forms.recruiter_id', '=', 'cp58_requests.recruiter_id')
              .whereRef('cp58_forms.year', '=', 'cp58_requests.year')
              .whereRef('cp58_forms.issued_at', '>=', 'cp58_requests.requested_at'),
          ),
        ),
      )
      .executeTakeFirst()
      .then((r) => Number(r?.n ?? 0)),
  ]);
  const waiting = callProofs + rewards + dataRequests + cp58Requests;

  let sent = 0;
  for (const admin of due) {
    const since = localMidnight(now, admin.timezone);
    const done = await db.transaction().execute(async (trx) => {
      // Two instances' maintenance at the same moment: one digest. On PostgreSQL the second waits for
      // the first's commit, then sees its item (SQLite runs one transaction at a time anyway).
      if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${DIGEST_LOCK}, ${admin.id})`.execute(trx);
      const already = await trx
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', admin.id)
        .where('kind', '=', 'ADMIN_DIGEST')
        .where('created_at', '>=', since)
        .executeTakeFirst();
      if (already) return false;
      const companyAnswers = await answersSinceLastDigest(trx, admin.id, now);
      if (waiting + companyAnswers === 0) return false;
      await deliver(trx, { env: deps.env, now }, [admin], {
        kind: 'ADMIN_DIGEST',
        path: '/dashboard',
        payload: { callProofs, rewards, dataRequests, cp58Requests, companyAnswers },
      });
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}

/** The hiring companies' answers given after the admin's last digest (the day before, for a first one). */
async function answersSinceLastDigest(db: DB, adminId: number, now: Date): Promise<number> {
  const last = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('user_id', '=', adminId)
    .where('kind', '=', 'ADMIN_DIGEST')
    .executeTakeFirst();
  const since = last?.at ?? new Date(now.getTime() - FIRST_DIGEST_LOOKBACK_MS).toISOString();
  const row = await db
    .selectFrom('company_answers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('answered_at', '>', since)
    .where('answered_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

function localParts(now: Date, timeZone: string) {
  try {
    return wallClockParts(now, timeZone);
  } catch {
    return wallClockParts(now, 'Asia/Kuala_Lumpur');
  }
}

/** The instant the admin's local day began (their time zone), as an ISO string. */
function localMidnight(now: Date, timeZone: string): string {
  const p = localParts(now, timeZone);
  const sinceMidnightMs = ((Number(p.hour) * 60 + Number(p.minute)) * 60 + Number(p.second)) * 1000;
  return new Date(now.getTime() - sinceMidnightMs - now.getUTCMilliseconds()).toISOString();
}
