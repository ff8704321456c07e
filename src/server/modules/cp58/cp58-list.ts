import type { AppDeps } from '#src/server/context.ts';
import { payerOf } from '#src/server/modules/statements/payer.ts';
import { sealingKeysOf } from '#src/server/security/sealing.ts';
import type { Cp58Figures, Cp58FormSummary, Cp58Payee, Cp58Row, Cp58YearList } from '#src/shared/cp58-types.ts';
import type { StatementPayer } from '#src/shared/statement-types.ts';
import { cp58Years, figuresOf, missingOf, paidInYear, payeesOf, sameFigures, samePayee } from './cp58-figures';
import { cp58Threshold, payerMissing, yearBounds } from './cp58-settings';
import { type Cp58Content, formSummary, formsQuery, openContent } from './cp58-store';

// Issue 46: a year's Form CP58 list, as the admin's screen, the CSV and the issuing read it. On it:
// everyone paid strictly more than the threshold in MYR, everyone who asked for theirs, and everyone issued
// a form for the year before (whose figures may have moved since). Opening payee details to say what is
// missing or changed shows none of them, so the list is no line of the access record; the CSV, which
// carries them, is.

/** A row with what issuing needs: today's figures and payee, and what the latest version states. */
export type Cp58State = Cp58Row & {
  figures: Cp58Figures;
  payee: Cp58Payee | null;
  latest: (Cp58FormSummary & { content: Cp58Content }) | null;
  locale: string;
};

/** Does the latest version state what would be issued today? */
function upToDate(latest: Cp58Content, figures: Cp58Figures, payee: Cp58Payee | null, payer: StatementPayer) {
  return (
    payee !== null &&
    sameFigures(latest.figures, figures) &&
    samePayee(latest.payee, payee) &&
    JSON.stringify(latest.payer) === JSON.stringify(payer)
  );
}

/** The year's rows (or those of the recruiters named, listed or not), the highest paid first. */
export async function cp58States(
  deps: Pick<AppDeps, 'db' | 'env'>,
  year: number,
  only?: number[],
): Promise<{ states: Cp58State[]; payer: StatementPayer; threshold: number }> {
  const { db, env } = deps;
  const keys = sealingKeysOf(env);
  const threshold = cp58Threshold(env);
  const payer = payerOf(env);
  let requestQuery = db.selectFrom('cp58_requests').select(['recruiter_id', 'requested_at']).where('year', '=', year);
  let formQuery = formsQuery(db).where('cp58_forms.year', '=', year);
  if (only) {
    requestQuery = requestQuery.where('recruiter_id', 'in', only.length ? only : [0]);
    formQuery = formQuery.where('cp58_forms.recruiter_id', 'in', only.length ? only : [0]);
  }
  const [paid, requests, forms] = await Promise.all([
    paidInYear(db, year, only),
    requestQuery.execute(),
    formQuery.execute(),
  ]);

  const ids = new Set<number>(only ?? []);
  for (const [id, paidYear] of paid) if (paidYear.amount > threshold) ids.add(id);
  for (const r of requests) ids.add(r.recruiter_id);
  for (const f of forms) ids.add(f.recruiter_id);
  const idList = [...ids];
  if (idList.length === 0) return { states: [], payer, threshold };

  const latestIds = new Map<number, number>();
  for (const f of forms) if (!latestIds.has(f.recruiter_id)) latestIds.set(f.recruiter_id, f.id);
  const [accounts, payees, latestSealed] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'full_name', 'email', 'status', 'roles', 'locale'])
      .where('id', 'in', idList)
      .execute(),
    payeesOf(db, keys, idList),
    latestIds.size === 0
      ? Promise.resolve([])
      : db
          .selectFrom('cp58_forms')
          .select(['id', 'figures', 'payer', 'payee_sealed'])
          .where('id', 'in', [...latestIds.values()])
          .execute(),
  ]);
  const sealedById = new Map(latestSealed.map((row) => [row.id, row]));

  const states: Cp58State[] = [];
  for (const account of accounts) {
    // An admin's own id named in an issue is no recruiter: not listed, and so refused.
    if (!(JSON.parse(account.roles) as string[]).includes('ROLE_RECRUITER')) continue;
    const id = account.id;
    const paidYear = paid.get(id);
    const figures = figuresOf(paidYear);
    const payee = payees.get(id) ?? null;
    const own = forms.filter((f) => f.recruiter_id === id).map(formSummary);
    const latestRow = sealedById.get(latestIds.get(id) ?? 0);
    const latest = own[0] && latestRow ? { ...own[0], content: openContent(keys, latestRow) } : null;
    const request = requests.find((r) => r.recruiter_id === id);
    const waiting = request && (!latest || latest.issuedAt < request.requested_at);
    states.push({
      recruiter: { id, name: account.full_name, email: account.email, active: account.status === 'ACTIVE' },
      paid: { amount: figures.total, payments: figures.payments.length, referrals: paidYear?.referrals ?? 0 },
      otherCurrencies: [...(paidYear?.other ?? new Map<string, number>())]
        .map(([currency, amount]) => ({ currency, amount }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
      overThreshold: figures.total > threshold,
      request: waiting ? { requestedAt: request.requested_at } : null,
      missing: missingOf(payee),
      status: !latest ? 'NOT_ISSUED' : upToDate(latest.content, figures, payee, payer) ? 'ISSUED' : 'CHANGED',
      forms: own,
      figures,
      payee,
      latest,
      locale: account.locale,
    });
  }
  states.sort((a, b) => b.paid.amount - a.paid.amount || a.recruiter.name.localeCompare(b.recruiter.name));
  return { states, payer, threshold };
}

/** Listed: over the threshold, asking, or issued a form for the year before. */
export const isListed = (state: Cp58State) => state.overThreshold || state.request !== null || state.forms.length > 0;

/** `GET /api/admin/cp58?year=`. */
export async function cp58YearList(deps: Pick<AppDeps, 'db' | 'env'>, year: number): Promise<Cp58YearList> {
  const [{ states, payer, threshold }, years] = await Promise.all([cp58States(deps, year), cp58Years(deps.db)]);
  const { from, to } = yearBounds(year);
  return {
    year,
    timeZone: 'Asia/Kuala_Lumpur',
    from,
    to,
    threshold,
    payer,
    payerMissing: payerMissing(payer),
    rows: states.map(({ figures: _f, payee: _p, latest: _l, locale: _locale, ...row }) => row),
    years,
  };
}
