import type { AppDeps } from '#src/server/context.ts';
import type { DB } from '#src/server/db/connect.ts';
import { AppError } from '#src/server/errors.ts';
import { recordAccess } from '#src/server/personal-data/access-log.ts';
import { sha256 } from '#src/server/security/tokens.ts';
import type { ShareReveal } from '#src/shared/company-schemas.ts';
import type { ReviewCandidate, ReviewView, UnavailableCandidate } from '#src/shared/company-types.ts';
import { ANSWER_COLUMNS, toAnswerView } from './answer-view';

// Issue 45: what a hiring company's contact sees on their review link (`/api/public/review`). No account:
// the token is the key. The link shows its own task's candidates and nothing else; a candidate whose
// consent no longer stands, or who was erased, is a line "no longer available" and nothing of them. Every
// look (the list, a profile, a CV) writes a line of the access record, with the contact as the actor.

export type ReviewAudit = { ip: string | null; userAgent: string | null };

export type OpenShare = {
  id: number;
  companyId: number;
  taskId: number;
  contactId: number;
  reveal: ShareReveal[];
  expiresAt: string;
};

/**
 * The share a token opens. Unknown: 404 INVALID_TOKEN. Revoked (by the admin, or with its contact) or
 * expired: 410 TOKEN_EXPIRED. Neither answer says anything of the link's task or candidates.
 */
export async function openShare(db: DB, token: string, now: Date): Promise<OpenShare> {
  const share = await db
    .selectFrom('company_shares')
    .select(['id', 'company_id', 'task_id', 'contact_id', 'reveal', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!share) throw new AppError('INVALID_TOKEN', 404, 'This review link is not valid.');
  if (share.revoked_at !== null || share.expires_at <= now.toISOString()) {
    throw new AppError('TOKEN_EXPIRED', 410, 'This review link has expired or was withdrawn.');
  }
  return {
    id: share.id,
    companyId: share.company_id,
    taskId: share.task_id,
    contactId: share.contact_id,
    reveal: JSON.parse(share.reveal) as ShareReveal[],
    expiresAt: share.expires_at,
  };
}

/** The link's referrals, as listed on it now (removed ones left out), with what the page may show. */
function candidateRows(db: DB, share: OpenShare, referralId?: number) {
  return db
    .selectFrom('company_share_referrals')
    .leftJoin('referrals', 'referrals.id', 'company_share_referrals.referral_id')
    .leftJoin('talents', 'talents.id', 'referrals.talent_id')
    .leftJoin('files', 'files.id', 'talents.resume_file_id')
    .leftJoin('users', 'users.id', 'referrals.recruiter_id')
    .leftJoin('company_answers', (join) =>
      join
        .onRef('company_answers.referral_id', '=', 'company_share_referrals.referral_id')
        .on('company_answers.share_id', '=', share.id),
    )
    .select([
      'company_share_referrals.referral_id',
      'referrals.task_id',
      'referrals.consent_status',
      'referrals.hiring_status',
      'referrals.recruiter_note',
      'referrals.rating',
      'referrals.reward_amount',
      'referrals.reward_currency',
      'talents.id as talent_id',
      'talents.erased_at',
      'talents.full_name',
      'talents.email',
      'talents.phone_e164',
      'talents.skills',
      'talents.has_work_experience',
      'talents.years_of_experience',
      'talents.current_position',
      'talents.summary',
      'talents.education_level',
      'talents.languages',
      'talents.location',
      'talents.country',
      'talents.expected_salary',
      'talents.expected_salary_currency',
      'files.id as file_id',
      'files.original_name',
      'files.mime_type',
      'files.size',
      'files.storage_key',
      'users.full_name as recruiter_name',
      ...ANSWER_COLUMNS,
    ])
    .where('company_share_referrals.share_id', '=', share.id)
    .where('company_share_referrals.removed_at', 'is', null)
    .$if(referralId !== undefined, (q) => q.where('company_share_referrals.referral_id', '=', referralId as number))
    .orderBy('company_share_referrals.id')
    .execute();
}
type CandidateRow = Awaited<ReturnType<typeof candidateRows>>[number];

/**
 * Whether a line may show its talent: the referral is of the link's task (a line never shows another
 * task's), its consent stands, the talent is not erased.
 */
const shows = (row: CandidateRow, share: OpenShare) =>
  row.talent_id !== null &&
  row.task_id === share.taskId &&
  row.consent_status === 'CONFIRMED' &&
  row.erased_at === null &&
  (row.storage_key === null || !row.storage_key.startsWith('erased:'));

const jsonList = (text: string | null): string[] => {
  try {
    const list = JSON.parse(text ?? '[]') as unknown;
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
};

const cvUrl = (token: string, referralId: number) =>
  `/api/public/review/cv?token=${encodeURIComponent(token)}&referralId=${referralId}`;

function toCandidate(row: CandidateRow, share: OpenShare, token: string): ReviewCandidate | UnavailableCandidate {
  if (!shows(row, share)) return { referralId: row.referral_id, available: false };
  const candidate: ReviewCandidate = {
    referralId: row.referral_id,
    available: true,
    name: row.full_name ?? '',
    skills: jsonList(row.skills),
    hasWorkExperience: row.has_work_experience === null ? null : row.has_work_experience === 1,
    yearsOfExperience: row.years_of_experience,
    currentPosition: row.current_position,
    summary: row.summary,
    educationLevel: row.education_level ?? '',
    languages: jsonList(row.languages),
    location: row.location ?? '',
    country: row.country ?? '',
    expectedSalary:
      row.expected_salary === null
        ? null
        : { amount: Number(row.expected_salary), currency: row.expected_salary_currency ?? 'MYR' },
    recruiterNote: row.recruiter_note,
    rating: row.rating,
    hiringStatus: row.hiring_status ?? 'SUBMITTED',
    cv:
      row.file_id !== null
        ? {
            name: row.original_name ?? '',
            mimeType: row.mime_type ?? 'application/octet-stream',
            size: Number(row.size ?? 0),
            url: cvUrl(token, row.referral_id),
          }
        : null,
    answer: toAnswerView(row),
  };
  // Only what the admin chose to reveal on this link.
  if (share.reveal.includes('CONTACT')) candidate.contact = { email: row.email ?? '', phone: row.phone_e164 ?? '' };
  if (share.reveal.includes('RECRUITER')) candidate.recruiter = { name: row.recruiter_name ?? '' };
  if (share.reveal.includes('REWARD') && row.reward_amount !== null) {
    candidate.reward = { amount: Number(row.reward_amount), currency: row.reward_currency ?? 'MYR' };
  }
  return candidate;
}

/** The contact's look: the link's open times move, and each talent shown gets a line in the access record. */
async function recordLook(
  trx: DB,
  now: Date,
  share: OpenShare,
  talentIds: number[],
  view: 'REVIEW_LIST' | 'REVIEW_PROFILE',
  audit: ReviewAudit,
) {
  const at = now.toISOString();
  await trx
    .updateTable('company_shares')
    .set((eb) => ({ first_opened_at: eb.fn.coalesce('first_opened_at', eb.val(at)), last_opened_at: at }))
    .where('id', '=', share.id)
    .execute();
  for (const talentId of talentIds) {
    await recordAccess(trx, now, {
      actorId: share.contactId,
      actorKind: 'COMPANY_CONTACT',
      action: 'PERSON_VIEW',
      subjectKind: 'TALENT',
      subjectId: talentId,
      talentId,
      detail: { view, shareId: share.id, companyId: share.companyId },
      ...audit,
    });
  }
}

async function taskAndContact(db: DB, share: OpenShare) {
  return db
    .selectFrom('tasks')
    .innerJoin('companies', (join) => join.on('companies.id', '=', share.companyId))
    .innerJoin('company_contacts', (join) => join.on('company_contacts.id', '=', share.contactId))
    .select([
      'tasks.code',
      'tasks.title',
      'tasks.description',
      'tasks.location',
      'tasks.country',
      'tasks.job_type',
      'companies.name as company_name',
      'company_contacts.name as contact_name',
      'company_contacts.locale as contact_locale',
    ])
    .where('tasks.id', '=', share.taskId)
    .executeTakeFirstOrThrow();
}

/** `GET /api/public/review`: the link's task and its candidates. */
export async function viewReview(deps: AppDeps, token: string, audit: ReviewAudit): Promise<ReviewView> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const share = await openShare(trx, token, now);
    const info = await taskAndContact(trx, share);
    const rows = await candidateRows(trx, share);
    const candidates = rows.map((row) => toCandidate(row, share, token));
    const shown = rows.filter((row) => shows(row, share)).map((row) => row.talent_id as number);
    await recordLook(trx, now, share, shown, 'REVIEW_LIST', audit);
    return {
      company: { name: info.company_name },
      task: {
        code: info.code,
        title: info.title,
        description: info.description,
        location: info.location,
        country: info.country,
        jobType: info.job_type,
      },
      contact: { name: info.contact_name, locale: info.contact_locale },
      expiresAt: share.expiresAt,
      reveal: share.reveal,
      candidates,
    };
  });
}

/** One candidate the link shows, or 404: not on this link (or removed from it), or no longer available. */
async function shownCandidate(trx: DB, share: OpenShare, referralId: number) {
  const [row] = await candidateRows(trx, share, referralId);
  if (!row) throw new AppError('NOT_FOUND', 404, 'This candidate is not on this link.');
  if (!shows(row, share)) {
    throw new AppError('NOT_FOUND', 404, 'This candidate is no longer available.', {
      referralId: 'candidate_unavailable',
    });
  }
  return row;
}

/** `GET /api/public/review/candidate`: one candidate's profile. */
export async function viewReviewCandidate(
  deps: AppDeps,
  token: string,
  referralId: number,
  audit: ReviewAudit,
): Promise<ReviewCandidate> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const share = await openShare(trx, token, now);
    const row = await shownCandidate(trx, share, referralId);
    await recordLook(trx, now, share, [row.talent_id as number], 'REVIEW_PROFILE', audit);
    return toCandidate(row, share, token) as ReviewCandidate;
  });
}

/** PDFs and images open in the page; anything else (Word) is a download. */
const INLINE_TYPES = /^(image\/(png|jpeg|webp|gif)|application\/pdf)$/;

/** `GET /api/public/review/cv`: a shown candidate's CV, through the link, with a FILE_VIEW or FILE_DOWNLOAD line. */
export async function reviewCv(deps: AppDeps, token: string, referralId: number, audit: ReviewAudit) {
  const now = deps.now();
  const file = await deps.db.transaction().execute(async (trx) => {
    const share = await openShare(trx, token, now);
    const row = await shownCandidate(trx, share, referralId);
    if (row.file_id === null || row.storage_key === null) {
      throw new AppError('NOT_FOUND', 404, 'There is no CV on file for this candidate.');
    }
    const inline = INLINE_TYPES.test(row.mime_type ?? '');
    await trx
      .updateTable('company_shares')
      .set({ last_opened_at: now.toISOString() })
      .where('id', '=', share.id)
      .execute();
    await recordAccess(trx, now, {
      actorId: share.contactId,
      actorKind: 'COMPANY_CONTACT',
      action: inline ? 'FILE_VIEW' : 'FILE_DOWNLOAD',
      subjectKind: 'FILE',
      subjectId: row.file_id,
      talentId: row.talent_id,
      detail: { purpose: 'RESUME', shareId: share.id, companyId: share.companyId },
      ...audit,
    });
    return {
      key: row.storage_key,
      name: row.original_name ?? 'cv',
      mimeType: row.mime_type ?? 'application/octet-stream',
      inline,
    };
  });
  const bytes = await deps.storage.get(file.key);
  if (!bytes) throw new AppError('NOT_FOUND', 404, 'There is no CV on file for this candidate.');
  return { ...file, bytes };
}
