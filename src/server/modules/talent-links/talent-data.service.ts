import type { AppDeps } from '#src/server/context.ts';
import { jsonList } from '#src/server/db/json-list.ts';
import { AppError } from '#src/server/errors.ts';
import { enqueueEmail } from '#src/server/mail/outbox.ts';
import { countAttempt, type RateRule } from '#src/server/middleware/rate-limit.ts';
import { talentCompanyShares } from '#src/server/modules/companies/talent-shares.ts';
import { recordAccess } from '#src/server/personal-data/access-log.ts';
import {
  accessDetail,
  accessOfTalent,
  emailsOfTalent,
  linksOfTalent,
} from '#src/server/personal-data/person-records.ts';
import { retentionPolicy } from '#src/server/personal-data/retention-policy.ts';
import { sha256 } from '#src/server/security/tokens.ts';
import type {
  AppLocale,
  ConsentStatus,
  EducationLevel,
  HiringStatus,
  ItaStatus,
  RewardStatus,
} from '#src/shared/enums.ts';
import { formatPhone, normalizeEmail } from '#src/shared/phone.ts';
import type { TalentDataAccess, TalentDataLinkIssued, TalentDataView } from '#src/shared/talent-link-data.ts';
import { type AnswerContext, consentWithdrawal, withdrawReferralConsent } from './consent-withdrawal';
import { DATA_TOKEN_TTL_SECONDS, type DataToken, issueDataToken, newDataLink, openDataToken } from './data-link';
import { requestCorrection } from './data-requests';
import { findToken, type LinkKind } from './talent-link.service';

/** Where a talent's call came from, for the record of access (never their personal data). */
export type TalentAudit = { ip: string | null; userAgent: string | null };

/** Everything held about the talent record the token opens. */
async function buildDataView(deps: Pick<AppDeps, 'db' | 'env'>, data: DataToken): Promise<TalentDataView> {
  const { db, env } = deps;
  const talent = await db.selectFrom('talents').selectAll().where('id', '=', data.talentId).executeTakeFirstOrThrow();
  const resume =
    talent.resume_file_id === null
      ? undefined
      : await db
          .selectFrom('files')
          .select(['original_name', 'size'])
          .where('id', '=', talent.resume_file_id)
          .executeTakeFirst();
  const referrals = await db
    .selectFrom('referrals')
    .innerJoin('tasks', 'tasks.id', 'referrals.task_id')
    .innerJoin('users', 'users.id', 'referrals.recruiter_id')
    .select([
      'referrals.id',
      'tasks.title',
      'tasks.company',
      'users.full_name as recruiterName',
      'referrals.created_at',
      'referrals.consent_status',
      'referrals.consent_decided_at',
      'referrals.ita_status',
      'referrals.ita_decided_at',
      'referrals.hiring_status',
      'referrals.recruiter_note',
      'referrals.rating',
      'referrals.reward_status',
    ])
    .where('referrals.talent_id', '=', talent.id)
    .orderBy('referrals.id')
    .execute();
  const referralIds = referrals.map((r) => r.id);
  const decisions =
    referralIds.length === 0
      ? []
      : await db
          .selectFrom('talent_decisions')
          .select(['referral_id', 'kind', 'decision', 'created_at', 'locale'])
          .where('referral_id', 'in', referralIds)
          .orderBy('id')
          .execute();
  const callProofs =
    referralIds.length === 0
      ? []
      : await db
          .selectFrom('call_proofs')
          .innerJoin('files', 'files.id', 'call_proofs.file_id')
          .select([
            'call_proofs.id',
            'call_proofs.referral_id',
            'call_proofs.called_at',
            'call_proofs.note',
            'call_proofs.created_at',
            'files.original_name',
            'files.size',
          ])
          .where('call_proofs.referral_id', 'in', referralIds)
          .orderBy('call_proofs.called_at')
          .orderBy('call_proofs.id')
          .execute();
  const requests = await db
    .selectFrom('data_requests')
    .select(['id', 'kind', 'status', 'message', 'created_at', 'due_at', 'referral_id', 'response'])
    .where('talent_id', '=', talent.id)
    .orderBy('id')
    .execute();
  const withdrawals = await Promise.all(referrals.map((r) => consentWithdrawal(db, r.id)));
  const companyShares = await talentCompanyShares(db, talent.id, referralIds);
  const [links, emails, access] = await Promise.all([
    linksOfTalent(db, talent.id),
    emailsOfTalent(db, talent.id),
    accessOfTalent(db, talent.id),
  ]);
  return {
    profile: {
      fullName: talent.full_name,
      email: talent.email,
      // With its country code, grouped as people read it (the typed number alone is ambiguous); formatted
      // here, so the talent's page carries no phone library.
      phone: talent.phone_e164 ? formatPhone(talent.phone_e164) : talent.phone,
      country: talent.country,
      location: talent.location,
      languages: jsonList(talent.languages),
      educationLevel: talent.education_level as EducationLevel,
      expectedSalary: talent.expected_salary === null ? null : Number(talent.expected_salary),
      expectedSalaryCurrency: talent.expected_salary_currency,
      hasWorkExperience: talent.has_work_experience === null ? null : talent.has_work_experience === 1,
      yearsOfExperience: talent.years_of_experience,
      currentPosition: talent.current_position,
      skills: jsonList(talent.skills),
      summary: talent.summary,
      contactLocale: talent.contact_locale,
      createdAt: talent.created_at,
      updatedAt: talent.updated_at,
    },
    resume: resume
      ? {
          name: resume.original_name,
          size: Number(resume.size),
          textKept: talent.resume_text !== null && talent.resume_text !== '',
        }
      : null,
    referrals: referrals.map((r, i) => ({
      id: r.id,
      taskTitle: r.title,
      company: r.company,
      recruiterName: r.recruiterName,
      referredAt: r.created_at,
      consentStatus: r.consent_status as ConsentStatus,
      consentDecidedAt: r.consent_decided_at,
      itaStatus: r.ita_status as ItaStatus,
      itaDecidedAt: r.ita_decided_at,
      hiringStatus: r.hiring_status as HiringStatus,
      recruiterNote: r.recruiter_note,
      rating: r.rating === 5 || r.rating === 10 ? r.rating : null,
      rewardStatus: r.reward_status as RewardStatus | null,
      withdrawable: withdrawals[i]?.open ?? false,
      withdrawnAt: withdrawals[i]?.withdrawnAt ?? null,
    })),
    callProofs: callProofs.map((p) => ({
      id: p.id,
      referralId: p.referral_id,
      fileName: p.original_name,
      size: Number(p.size),
      calledAt: p.called_at,
      note: p.note,
      addedAt: p.created_at,
    })),
    decisions: decisions.map((d) => ({
      referralId: d.referral_id,
      kind: d.kind,
      decision: d.decision,
      at: d.created_at,
      locale: d.locale,
    })),
    requests: requests.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      message: r.message,
      createdAt: r.created_at,
      dueAt: r.due_at,
      referralId: r.referral_id,
      response: r.response,
    })),
    companyShares,
    links,
    emails,
    access: access.map(talentAccessLine),
    retention: retentionPolicy(env),
    expiresAt: data.expiresAt,
  };
}

/** An access line as the talent reads it: a recruiter or a company by name, an admin or a contact by role. */
function talentAccessLine(line: Awaited<ReturnType<typeof accessOfTalent>>[number]): TalentDataAccess {
  const detail = accessDetail(line.detail);
  const purpose = detail?.purpose === 'RESUME' || detail?.purpose === 'CALL_PROOF' ? detail.purpose : null;
  const actor = (
    { TALENT: 'TALENT', RECRUITER: 'RECRUITER', ADMIN: 'ADMIN', COMPANY_CONTACT: 'COMPANY', SYSTEM: 'SYSTEM' } as const
  )[line.actor_kind];
  return {
    id: line.id,
    action: line.action,
    actor,
    actorName: actor === 'RECRUITER' ? line.actor_name : actor === 'COMPANY' ? line.company_name : null,
    purpose,
    at: line.created_at,
  };
}

// What a DATA link holds, read by the talent, with the line it leaves in the record of access.
async function readAsTalent(
  deps: AppDeps,
  token: string,
  audit: TalentAudit,
  action: 'PERSON_VIEW' | 'PERSON_EXPORT',
  detail?: Record<string, string>,
) {
  const now = deps.now();
  const data = await openDataToken(deps.db, token, now);
  // Written first, so the page and the file list this look among the others, as Data Protection does.
  await recordAccess(deps.db, now, {
    actorId: null,
    actorKind: 'TALENT',
    action,
    subjectKind: 'TALENT',
    subjectId: data.talentId,
    talentId: data.talentId,
    ...(detail && { detail }),
    ...audit,
  });
  return { view: await buildDataView(deps, data), talentId: data.talentId };
}

/** The talent's data page: what is held, with a PERSON_VIEW line in the record of access. */
export async function viewTalentData(deps: AppDeps, token: string, audit: TalentAudit): Promise<TalentDataView> {
  return (await readAsTalent(deps, token, audit, 'PERSON_VIEW')).view;
}

/** The same data as a file to keep (PDPA s43A portability), with a PERSON_EXPORT line. */
export function exportTalentData(
  deps: AppDeps,
  token: string,
  audit: TalentAudit,
  format: 'json' | 'html',
): Promise<{ view: TalentDataView; talentId: number }> {
  return readAsTalent(deps, token, audit, 'PERSON_EXPORT', { format });
}

type HeldFile = { id: number; original_name: string; mime_type: string; storage_key: string };

/**
 * A file held about the talent, through their data link, with a FILE_DOWNLOAD line saying what it is.
 * `find` reads it for the talent the link opens and no other; a file it does not find, or whose bytes are
 * gone, is 404 with `missing`.
 */
async function fileAsTalent(
  deps: AppDeps,
  token: string,
  audit: TalentAudit,
  purpose: 'RESUME' | 'CALL_PROOF',
  missing: string,
  find: (talentId: number) => Promise<HeldFile | undefined>,
) {
  const now = deps.now();
  const data = await openDataToken(deps.db, token, now);
  const file = await find(data.talentId);
  const bytes = file ? await deps.storage.get(file.storage_key) : null;
  if (!file || !bytes) throw new AppError('NOT_FOUND', 404, missing);
  await recordAccess(deps.db, now, {
    actorId: null,
    actorKind: 'TALENT',
    action: 'FILE_DOWNLOAD',
    subjectKind: 'FILE',
    subjectId: file.id,
    talentId: data.talentId,
    detail: { purpose },
    ...audit,
  });
  return { name: file.original_name, mimeType: file.mime_type, bytes };
}

const FILE_COLUMNS = ['files.id', 'files.original_name', 'files.mime_type', 'files.storage_key'] as const;

/** The talent's own CV, through their data link, with a FILE_DOWNLOAD line. */
export function talentResume(deps: AppDeps, token: string, audit: TalentAudit) {
  return fileAsTalent(deps, token, audit, 'RESUME', 'There is no CV on file.', (talentId) =>
    deps.db
      .selectFrom('talents')
      .innerJoin('files', 'files.id', 'talents.resume_file_id')
      .select(FILE_COLUMNS)
      .where('talents.id', '=', talentId)
      .executeTakeFirst(),
  );
}

/** A call proof's file held about the talent, through their data link, with a FILE_DOWNLOAD line. */
export function talentCallProof(deps: AppDeps, token: string, proofId: number, audit: TalentAudit) {
  // Only a proof of one of this talent's referrals: another's is as unknown as a proof that never was.
  return fileAsTalent(deps, token, audit, 'CALL_PROOF', 'There is no such call proof on file.', (talentId) =>
    deps.db
      .selectFrom('call_proofs')
      .innerJoin('referrals', 'referrals.id', 'call_proofs.referral_id')
      .innerJoin('files', 'files.id', 'call_proofs.file_id')
      .select(FILE_COLUMNS)
      .where('call_proofs.id', '=', proofId)
      .where('referrals.talent_id', '=', talentId)
      .executeTakeFirst(),
  );
}

/** The talent asks for a correction: a CORRECTION request with its 21-day clock; the recruiter is told. */
export async function correctTalentData(deps: AppDeps, token: string, message: string): Promise<TalentDataView> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const data = await openDataToken(trx, token, now);
    await requestCorrection(trx, deps, now, { talentId: data.talentId, message });
    return buildDataView({ db: trx, env: deps.env }, data);
  });
}

/**
 * The talent withdraws their consent to one of their referrals from the data page: any referral of the
 * record the link opens, under the same rules as the consent and ITA links (consent-withdrawal.ts).
 * Another talent's referral is unknown (404); nothing to withdraw is 409 CONFLICT.
 */
export async function withdrawFromDataPage(
  deps: AppDeps,
  token: string,
  referralId: number,
  context: AnswerContext,
): Promise<TalentDataView> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const data = await openDataToken(trx, token, now);
    const referral = await trx
      .selectFrom('referrals')
      .select('id')
      .where('id', '=', referralId)
      .where('talent_id', '=', data.talentId)
      .executeTakeFirst();
    if (!referral) throw new AppError('NOT_FOUND', 404, 'No such referral under this link.');
    const { open, withdrawnAt } = await consentWithdrawal(trx, referralId);
    if (!open) {
      throw new AppError('CONFLICT', 409, 'There is no consent to withdraw on this referral.', {
        decision: withdrawnAt === null ? 'consent_not_withdrawable' : 'consent_already_withdrawn',
      });
    }
    await withdrawReferralConsent(trx, deps, now, { referralId, tokenId: data.tokenId }, context);
    return buildDataView({ db: trx, env: deps.env }, data);
  });
}

/**
 * "See or manage your data" on a consent or ITA page: a fresh DATA token for that referral's talent.
 * Only while the link itself is valid (72 hours from its e-mail), answered or not: an
 * answered link keeps its answer and its withdrawal, but an old or forwarded e-mail stops opening the
 * talent's data (issue 43.6). The token minted ends DATA_TOKEN_TTL_SECONDS after the link was sent, like
 * the data link in the same e-mail, so nothing in an e-mail opens data past that. Expired or replaced:
 * 410; unknown: 404.
 */
export async function dataLinkFromTalentLink(
  deps: AppDeps,
  kind: LinkKind,
  token: string,
): Promise<TalentDataLinkIssued> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await findToken(trx, kind, token);
    if (row.voided_at !== null || row.expires_at <= now.toISOString()) {
      throw new AppError('TOKEN_EXPIRED', 410, 'This link has expired or was replaced by a newer one.');
    }
    const referral = await trx
      .selectFrom('referrals')
      .innerJoin('talents', 'talents.id', 'referrals.talent_id')
      .select('talents.id')
      .where('referrals.id', '=', row.referral_id)
      .where('talents.erased_at', 'is', null)
      .executeTakeFirst();
    if (!referral) throw new AppError('INVALID_TOKEN', 404, 'No data is held under this link.');
    const endsAt = Date.parse(row.created_at) + DATA_TOKEN_TTL_SECONDS * 1000;
    return { token: await issueDataToken(trx, referral.id, now, Math.floor((endsAt - now.getTime()) / 1000)) };
  });
}

// Asking for a data link by address: a handful an hour per address (counted for unknown addresses too,
// so the limit says nothing about which are known). The per-IP limit is the route's.
export const DATA_LINK_PER_ADDRESS: RateRule = { name: 'talent-data-address', limit: 3, windowMs: 60 * 60_000 };

/**
 * E-mails a fresh data link to every talent record held under this address (one per recruiter who holds
 * one), in the language the talent asked in. Answers nothing: the caller says the same thing whether
 * the address is known or not. Past the per-address limit it quietly sends nothing more.
 */
export async function requestDataLinks(deps: AppDeps, email: string, locale: AppLocale): Promise<void> {
  const now = deps.now();
  const address = normalizeEmail(email);
  // The limit's key is a hash: the rate_limits table holds no address.
  const count = await countAttempt(deps.db, DATA_LINK_PER_ADDRESS, sha256(address), now.getTime());
  if (count > DATA_LINK_PER_ADDRESS.limit) return;
  await deps.db.transaction().execute(async (trx) => {
    const talents = await trx
      .selectFrom('talents')
      .select(['id', 'email', 'full_name'])
      .where('email_normalized', '=', address)
      .where('erased_at', 'is', null)
      .orderBy('id')
      .execute();
    for (const talent of talents) {
      await enqueueEmail(
        trx,
        {
          to: talent.email,
          locale,
          template: 'talent_data_link',
          talentId: talent.id,
          payload: {
            talentName: talent.full_name,
            link: await newDataLink(trx, deps.env.APP_URL, locale, talent.id, now),
          },
        },
        now,
      );
    }
  });
}
