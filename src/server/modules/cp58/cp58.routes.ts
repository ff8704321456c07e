import { type Context, Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { notFound } from '#src/server/errors.ts';
import { clientIp } from '#src/server/middleware/rate-limit.ts';
import { userZone } from '#src/server/modules/dashboard/month-series.ts';
import { recruiterAccountOr404 } from '#src/server/modules/payees/recruiter-account.ts';
import { actorOf, recordAccess } from '#src/server/personal-data/access-log.ts';
import { sealingKeysOf } from '#src/server/security/sealing.ts';
import { validate } from '#src/server/validate.ts';
import { cp58IssueSchema, cp58RequestSchema, cp58YearQuerySchema } from '#src/shared/cp58-schemas.ts';
import { idParamSchema } from '#src/shared/list-query.ts';
import { wallClockParts } from '#src/shared/wall-clock.ts';
import { cp58Csv, cp58Zip } from './cp58-files';
import { issueCp58s } from './cp58-issue';
import { cp58States, cp58YearList } from './cp58-list';
import { cp58FileName } from './cp58-pdf';
import { recruiterCp58View, requestCp58 } from './cp58-request';
import { type Cp58FormRow, openPdf } from './cp58-store';

// Issue 46, Form CP58. The product prepares the forms; it files nothing with the Inland Revenue Board.

/** An issued form, sealed columns and all. */
const formRow = (c: Context<AppEnv>, id: number) =>
  c.get('deps').db.selectFrom('cp58_forms').selectAll().where('id', '=', id).executeTakeFirst();

function pdfAnswer(c: Context<AppEnv>, row: Cp58FormRow) {
  const pdf = openPdf(sealingKeysOf(c.get('deps').env), row);
  c.header('Content-Type', 'application/pdf');
  c.header(
    'Content-Disposition',
    `attachment; filename="${cp58FileName({ year: row.year, recruiterId: row.recruiter_id, version: row.version })}"`,
  );
  return c.body(new Uint8Array(pdf), 200);
}

/** One line of the access record per recruiter whose identity number an admin's download carries. */
async function recordDownloads(
  c: Context<AppEnv>,
  action: 'CP58_DOWNLOAD' | 'CP58_EXPORT',
  lines: Array<{ recruiterId: number; detail: Record<string, string | number | boolean | null> }>,
) {
  const { db, now } = c.get('deps');
  const at = now();
  const common = { ...actorOf(c.get('user')), ip: clientIp(c), userAgent: c.req.header('user-agent') ?? null };
  await db.transaction().execute(async (trx) => {
    for (const line of lines)
      await recordAccess(trx, at, {
        ...common,
        action,
        subjectKind: 'RECRUITER',
        subjectId: line.recruiterId,
        detail: line.detail,
      });
  });
}

// `/api/admin/cp58` (ROLE_ADMIN, app.ts): the year's list, issuing, and the files. Every file that holds an
// identity number (a PDF, the archive, the CSV) is in the access record, written before the answer leaves.
export const adminCp58Routes = new Hono<AppEnv>()
  .get('/', validate('query', cp58YearQuerySchema), async (c) => {
    const data = await cp58YearList(c.get('deps'), c.req.valid('query').year);
    return c.json({ success: true as const, data }, 200);
  })
  .post('/issue', validate('json', cp58IssueSchema), async (c) => {
    const data = await issueCp58s(c.get('deps'), { id: c.get('user').id }, c.req.valid('json'));
    return c.json({ success: true as const, data }, 200);
  })
  .get('/forms/:id/pdf', validate('param', idParamSchema), async (c) => {
    const row = await formRow(c, c.req.valid('param').id);
    if (!row) throw notFound('Form CP58');
    await recordDownloads(c, 'CP58_DOWNLOAD', [
      { recruiterId: row.recruiter_id, detail: { formId: row.id, year: row.year, version: row.version } },
    ]);
    return pdfAnswer(c, row);
  })
  .get('/archive.zip', validate('query', cp58YearQuerySchema), async (c) => {
    const { year } = c.req.valid('query');
    const { db, env } = c.get('deps');
    // Every version issued for the year: the payer's copies, corrections and what they corrected alike.
    const rows = await db
      .selectFrom('cp58_forms')
      .selectAll()
      .where('year', '=', year)
      .orderBy('recruiter_id')
      .orderBy('version')
      .execute();
    const keys = sealingKeysOf(env);
    const zip = cp58Zip(
      rows.map((row) => ({
        name: cp58FileName({ year: row.year, recruiterId: row.recruiter_id, version: row.version }),
        pdf: openPdf(keys, row),
      })),
    );
    await recordDownloads(
      c,
      'CP58_DOWNLOAD',
      rows.map((row) => ({
        recruiterId: row.recruiter_id,
        detail: { formId: row.id, year: row.year, version: row.version, archive: true },
      })),
    );
    c.header('Content-Type', 'application/zip');
    c.header('Content-Disposition', `attachment; filename="cp58-${year}.zip"`);
    return c.body(new Uint8Array(zip), 200);
  })
  .get('/export.csv', validate('query', cp58YearQuerySchema), async (c) => {
    const { year } = c.req.valid('query');
    const { db, now } = c.get('deps');
    const timeZone = await userZone(db, c.get('user').id);
    const { states } = await cp58States(c.get('deps'), year);
    const csv = cp58Csv(year, states, timeZone);
    // A line for each recruiter whose identity number the file carries (none for one with no details).
    await recordDownloads(
      c,
      'CP58_EXPORT',
      states
        .filter((s) => s.latest !== null || s.payee !== null)
        .map((s) => ({ recruiterId: s.recruiter.id, detail: { year, rows: states.length } })),
    );
    const day = wallClockParts(now(), timeZone);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="cp58-${year}-list-${day.year}-${day.month}-${day.day}.csv"`);
    return c.body(csv, 200);
  });

// `/api/recruiter/earning/cp58` (ROLE_RECRUITER, app.ts): the signed-in recruiter's own forms and requests;
// another recruiter's form answers 404, as if it did not exist.
export const recruiterCp58Routes = new Hono<AppEnv>()
  .get('/cp58', async (c) => {
    const data = await recruiterCp58View(c.get('deps'), c.get('user').id);
    return c.json({ success: true as const, data }, 200);
  })
  .post('/cp58/request', validate('json', cp58RequestSchema), async (c) => {
    const recruiter = await recruiterAccountOr404(c.get('deps').db, c.get('user').id);
    const data = await requestCp58(c.get('deps'), recruiter, c.req.valid('json').year);
    return c.json({ success: true as const, data }, 200);
  })
  .get('/cp58/:id/pdf', validate('param', idParamSchema), async (c) => {
    const row = await formRow(c, c.req.valid('param').id);
    if (!row || row.recruiter_id !== c.get('user').id) throw notFound('Form CP58');
    return pdfAnswer(c, row);
  });
