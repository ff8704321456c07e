import type { Selectable } from 'kysely';
import type { DB } from '#src/server/db/connect.ts';
import type { Cp58FormsTable } from '#src/server/db/database.ts';
import { SEALED_PLACES } from '#src/server/personal-data/sealed-details.ts';
import { type SealingKeys, seal, sealJson, unseal, unsealJson } from '#src/server/security/sealing.ts';
import type { Cp58Figures, Cp58FormSummary, Cp58Payee } from '#src/shared/cp58-types.ts';
import type { StatementPayer } from '#src/shared/statement-types.ts';

// The issued forms (issue 46, migration 023). A form is written once and never changed: its payee details
// and its PDF hold the identity number, so both are sealed, each bound to the form's own id (a sealed value
// copied to another form does not open there). The PDF is kept as issued, byte for byte, so a download
// years later is the very document the recruiter was given.

export type Cp58FormRow = Selectable<Cp58FormsTable>;

const CP58_PLACES = { payee: SEALED_PLACES.cp58Payee, pdf: SEALED_PLACES.cp58Pdf };

// The first key of the per-recruiter advisory lock issuing and requesting take on PostgreSQL: any constant
// no other lock in the app uses.
export const CP58_LOCK = 46_058;

/** Every column but the sealed ones, for the lists (which open nothing). */
export const FORM_COLUMNS = [
  'cp58_forms.id',
  'cp58_forms.recruiter_id',
  'cp58_forms.year',
  'cp58_forms.version',
  'cp58_forms.corrects_version',
  'cp58_forms.locale',
  'cp58_forms.currency',
  'cp58_forms.total_amount',
  'cp58_forms.figures',
  'cp58_forms.payer',
  'cp58_forms.issued_at',
  'cp58_forms.issued_by',
] as const;

type FormListed = Omit<Cp58FormRow, 'payee_sealed' | 'pdf_sealed'> & { issuer_name: string | null };

/** The forms asked for, with their issuers' names, newest version first. */
export function formsQuery(db: DB) {
  return db
    .selectFrom('cp58_forms')
    .leftJoin('users', 'users.id', 'cp58_forms.issued_by')
    .select([...FORM_COLUMNS, 'users.full_name as issuer_name'])
    .orderBy('cp58_forms.year', 'desc')
    .orderBy('cp58_forms.recruiter_id')
    .orderBy('cp58_forms.version', 'desc');
}

export function formSummary(row: FormListed): Cp58FormSummary {
  return {
    id: row.id,
    recruiterId: row.recruiter_id,
    year: row.year,
    version: row.version,
    correctsVersion: row.corrects_version,
    issuedAt: row.issued_at,
    issuedBy: row.issuer_name === null ? null : { id: row.issued_by, name: row.issuer_name },
    total: Number(row.total_amount),
    locale: row.locale,
  };
}

/** What a form states, as issued: the figures and the payer (plain), and the payee (sealed). */
export type Cp58Content = { figures: Cp58Figures; payer: StatementPayer; payee: Cp58Payee };

export function openContent(
  keys: SealingKeys,
  row: Pick<Cp58FormRow, 'id' | 'figures' | 'payer' | 'payee_sealed'>,
): Cp58Content {
  return {
    figures: JSON.parse(row.figures) as Cp58Figures,
    payer: JSON.parse(row.payer) as StatementPayer,
    payee: unsealJson<Cp58Payee>(keys, CP58_PLACES.payee(row.id), row.payee_sealed),
  };
}

export const openPdf = (keys: SealingKeys, row: Pick<Cp58FormRow, 'id' | 'pdf_sealed'>): Buffer =>
  Buffer.from(unseal(keys, CP58_PLACES.pdf(row.id), row.pdf_sealed), 'base64');

export type NewForm = {
  recruiterId: number;
  year: number;
  version: number;
  correctsVersion: number | null;
  locale: string;
  content: Cp58Content;
  pdf: Buffer;
  issuedAt: string;
  issuedBy: number;
};

/**
 * Stores one issued version, in the caller's transaction. The row's id binds its seals, so it is inserted
 * first with nothing sealed in it, then given its sealed values before the transaction commits: no
 * reader ever sees it without them.
 */
export async function insertForm(trx: DB, keys: SealingKeys, form: NewForm): Promise<number> {
  const { id } = await trx
    .insertInto('cp58_forms')
    .values({
      recruiter_id: form.recruiterId,
      year: form.year,
      version: form.version,
      corrects_version: form.correctsVersion,
      locale: form.locale,
      currency: form.content.figures.currency,
      total_amount: form.content.figures.total,
      figures: JSON.stringify(form.content.figures),
      payer: JSON.stringify(form.content.payer),
      payee_sealed: '',
      pdf_sealed: '',
      issued_at: form.issuedAt,
      issued_by: form.issuedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('cp58_forms')
    .set({
      payee_sealed: sealJson(keys, CP58_PLACES.payee(id), form.content.payee),
      // base64 inside the seal: the sealed format carries text.
      pdf_sealed: seal(keys, CP58_PLACES.pdf(id), form.pdf.toString('base64')),
    })
    .where('id', '=', id)
    .execute();
  return id;
}
