import { sql } from 'kysely';
import type { AppDeps } from '#src/server/context.ts';
import { type DB, isPostgres } from '#src/server/db/connect.ts';
import { AppError } from '#src/server/errors.ts';
import { payerOf } from '#src/server/modules/statements/payer.ts';
import { notifyUser } from '#src/server/notifications/deliver.ts';
import { sealingKeysOf } from '#src/server/security/sealing.ts';
import {
  CP58_ISSUE_BATCH,
  type Cp58FormSummary,
  type Cp58IssueResult,
  type Cp58PayerMissing,
} from '#src/shared/cp58-types.ts';
import { toAppLocale } from '#src/shared/enums.ts';
import type { StatementPayer } from '#src/shared/statement-types.ts';
import { type Cp58State, cp58States, isListed } from './cp58-list';
import { renderCp58Pdf } from './cp58-pdf';
import { payerMissing } from './cp58-settings';
import { CP58_LOCK, formSummary, formsQuery, insertForm } from './cp58-store';

// Issue 46: issuing a year's Form CP58s. A call issues at most CP58_ISSUE_BATCH forms (or the limit asked),
// since each is a PDF drawn while the request waits, and answers how many ready ones it left: a large year
// is issued over several calls (the admin's screen makes them, showing its progress). Each recruiter's form
// is its own transaction, so a run cut short leaves what it issued issued, and running it again issues the
// rest: a form whose latest version already states today's figures, payee and payer is left as it is
// (`unchanged`), one that differs gets a new version that corrects the one before. Versions are never changed. The PDF is drawn before the
// transaction (tens of milliseconds of CPU, no lock held); inside it, the latest version is checked again
// under a lock, and if another admin issued meanwhile, this one looks again.

const ATTEMPTS = 3;

type Outcome =
  | { kind: 'issued'; form: Cp58FormSummary }
  | { kind: 'unchanged'; form: Cp58FormSummary }
  | { kind: 'skipped'; skip: Cp58IssueResult['skipped'][number] };

export async function issueCp58s(
  deps: AppDeps,
  admin: { id: number },
  input: { year: number; recruiterIds?: number[] | undefined; limit?: number | undefined },
): Promise<Cp58IssueResult> {
  const missing = payerMissing(payerOf(deps.env));
  if (missing.length > 0) throw payerIncomplete(missing);

  const named = input.recruiterIds ? [...new Set(input.recruiterIds)] : undefined;
  const result: Cp58IssueResult = { issued: [], unchanged: [], skipped: [], remaining: 0 };
  const limit = Math.min(input.limit ?? CP58_ISSUE_BATCH, CP58_ISSUE_BATCH);
  const { states, payer } = await cp58States(deps, input.year, named);
  // Named and not a recruiter at all (an unknown id, an admin): not listed.
  for (const id of named ?? [])
    if (!states.some((s) => s.recruiter.id === id))
      result.skipped.push({ recruiterId: id, reason: 'NOT_LISTED', missing: [] });
  for (const first of states) {
    // Past the limit, a form to issue waits for the next call; what is skipped or unchanged costs no PDF.
    if (toIssue(first) && result.issued.length >= limit) {
      result.remaining += 1;
      continue;
    }
    const outcome = await issueOne(deps, admin, input.year, first, payer);
    if (outcome.kind === 'issued') result.issued.push(outcome.form);
    else if (outcome.kind === 'unchanged') result.unchanged.push(outcome.form);
    else result.skipped.push(outcome.skip);
  }
  return result;
}

/** Would issuing draw a new version: listed, complete, and not issued with today's figures and details? */
const toIssue = (state: Cp58State) =>
  isListed(state) && state.missing.length === 0 && state.payee !== null && !(state.latest && state.status === 'ISSUED');

async function issueOne(
  deps: AppDeps,
  admin: { id: number },
  year: number,
  first: Cp58State,
  payer: StatementPayer,
): Promise<Outcome> {
  const keys = sealingKeysOf(deps.env);
  let state: Cp58State | undefined = first;
  for (let attempt = 0; attempt < ATTEMPTS && state; attempt += 1) {
    const recruiterId: number = state.recruiter.id;
    if (!isListed(state)) return { kind: 'skipped', skip: { recruiterId, reason: 'NOT_LISTED', missing: [] } };
    if (state.missing.length > 0 || !state.payee)
      return { kind: 'skipped', skip: { recruiterId, reason: 'MISSING', missing: state.missing } };
    if (state.latest && state.status === 'ISSUED') return { kind: 'unchanged', form: stripContent(state.latest) };

    const issuedAt = deps.now();
    const version = (state.latest?.version ?? 0) + 1;
    const correctsVersion = state.latest?.version ?? null;
    const locale = toAppLocale(state.locale);
    const content = { figures: state.figures, payer, payee: state.payee };
    const pdf = await renderCp58Pdf({ content, year, version, correctsVersion, issuedAt, locale });
    const formId = await deps.db.transaction().execute(async (trx) => {
      if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${CP58_LOCK}, ${recruiterId})`.execute(trx);
      const top = await latestVersion(trx, recruiterId, year);
      if (top !== (state?.latest?.version ?? 0)) return null;
      const id = await insertForm(trx, keys, {
        recruiterId,
        year,
        version,
        correctsVersion,
        locale,
        content,
        pdf,
        issuedAt: issuedAt.toISOString(),
        issuedBy: admin.id,
      });
      // CP58_ISSUED (topic `rewards`: in the app, by push and e-mail as the recruiter chose), in their
      // language, opening their Earnings page, where their forms are.
      await notifyUser(trx, { env: deps.env, now: issuedAt }, recruiterId, {
        kind: 'CP58_ISSUED',
        path: '/earning',
        payload: { year, version, correctsVersion },
      });
      return id;
    });
    if (formId !== null) {
      const row = await formsQuery(deps.db).where('cp58_forms.id', '=', formId).executeTakeFirstOrThrow();
      return { kind: 'issued', form: formSummary(row) };
    }
    // Another admin issued a version meanwhile: compare with that one.
    [state] = (await cp58States(deps, year, [recruiterId])).states;
  }
  throw new AppError('CONFLICT', 409, 'Form CP58 was being issued for this recruiter at the same time. Try again.');
}

async function latestVersion(db: DB, recruiterId: number, year: number): Promise<number> {
  const row = await db
    .selectFrom('cp58_forms')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('recruiter_id', '=', recruiterId)
    .where('year', '=', year)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

const stripContent = ({ content: _content, ...form }: NonNullable<Cp58State['latest']>): Cp58FormSummary => form;

/** 409 naming what the PAYER_* settings lack: Part A cannot be filled, so no form is issued. */
export const payerIncomplete = (missing: Cp58PayerMissing[]) =>
  new AppError(
    'CONFLICT',
    409,
    `Form CP58 needs the payer's ${missing.join(', ').toLowerCase().replaceAll('_', ' ')} (the PAYER_* settings).`,
    { payer: 'cp58_payer_incomplete' },
  );
