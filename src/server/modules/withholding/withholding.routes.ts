import { type Context, Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { clientIp } from '#src/server/middleware/rate-limit.ts';
import { actorOf, recordAccess } from '#src/server/personal-data/access-log.ts';
import { sealingKeysOf } from '#src/server/security/sealing.ts';
import { validate } from '#src/server/validate.ts';
import { withholdingMarksQuerySchema, withholdingMonthQuerySchema } from '#src/shared/withholding-schemas.ts';
import type { WithholdingMonth } from '#src/shared/withholding-types.ts';
import { withholdingCsv, withholdingCsvFileName } from './withholding-csv';
import { listMarks } from './withholding-marks';
import { withholdingMonth } from './withholding-month';

// `/api/admin/withholding` (ROLE_ADMIN, app.ts): section 107D (issue 46). The month's amounts withheld
// carry each payee's identity and tax numbers, so every read of them (screen or CSV) is a PAYEE_VIEW line
// of the access record per recruiter shown, written before the answer leaves, as the admin's read of one
// recruiter's payee details is.

async function recordPayeesSeen(c: Context<AppEnv>, month: WithholdingMonth, csv: boolean) {
  const { db, now } = c.get('deps');
  const seen = new Map(month.rows.map((row) => [row.recruiterId, row.payee !== null]));
  for (const [recruiterId, saved] of seen) {
    await recordAccess(db, now(), {
      ...actorOf(c.get('user')),
      action: 'PAYEE_VIEW',
      subjectKind: 'RECRUITER',
      subjectId: recruiterId,
      detail: { saved, list: 'WITHHOLDING_107D', month: month.month, csv },
      ip: clientIp(c),
      userAgent: c.req.header('user-agent') ?? null,
    });
  }
}

export const adminWithholdingRoutes = new Hono<AppEnv>()
  .get('/', validate('query', withholdingMonthQuerySchema), async (c) => {
    const { db, env } = c.get('deps');
    const data = await withholdingMonth(db, sealingKeysOf(env), c.req.valid('query').month);
    await recordPayeesSeen(c, data, false);
    return c.json({ success: true as const, data }, 200);
  })
  .get('/export.csv', validate('query', withholdingMonthQuerySchema), async (c) => {
    const { db, env } = c.get('deps');
    const data = await withholdingMonth(db, sealingKeysOf(env), c.req.valid('query').month);
    await recordPayeesSeen(c, data, true);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${withholdingCsvFileName(data.month)}"`);
    return c.body(withholdingCsv(data), 200);
  })
  .get('/marks', validate('query', withholdingMarksQuerySchema), async (c) => {
    const data = await listMarks(c.get('deps').db, c.req.valid('query').year);
    return c.json({ success: true as const, data }, 200);
  });
