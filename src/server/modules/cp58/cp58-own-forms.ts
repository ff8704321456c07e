import type { DB } from '#src/server/db/connect.ts';
import type { SealingKeys } from '#src/server/security/sealing.ts';
import type { Cp58IssuedForm } from '#src/shared/cp58-types.ts';
import { openContent } from './cp58-store';

// Issue 46: the Form CP58s issued to one recruiter, as issued, for their own data export
// (`GET /api/account/export`). Each version's payee details are opened from its seal: they are the
// recruiter's own data, as they stood when the form was made, which may differ from today's. The payer and
// the admin who issued it are not the recruiter's data and stay out; the PDF is theirs to download as it is.

export async function issuedCp58Forms(db: DB, keys: SealingKeys, recruiterId: number): Promise<Cp58IssuedForm[]> {
  const rows = await db
    .selectFrom('cp58_forms')
    .select(['id', 'year', 'version', 'corrects_version', 'locale', 'issued_at', 'figures', 'payer', 'payee_sealed'])
    .where('recruiter_id', '=', recruiterId)
    .orderBy('year')
    .orderBy('version')
    .execute();
  return rows.map((row) => {
    const { figures, payee } = openContent(keys, row);
    return {
      id: row.id,
      year: row.year,
      version: row.version,
      correctsVersion: row.corrects_version,
      issuedAt: row.issued_at,
      locale: row.locale,
      figures,
      payee,
    };
  });
}
