import { type Context, Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { hitRateLimit, type RateRule } from '#src/server/middleware/rate-limit.ts';
import { recruiterAccountOr404 } from '#src/server/modules/payees/recruiter-account.ts';
import { validate } from '#src/server/validate.ts';
import type { AppLocale } from '#src/shared/enums.ts';
import { idParamSchema } from '#src/shared/list-query.ts';
import { statementPdfQuerySchema, statementQuerySchema } from '#src/shared/statement-schemas.ts';
import type { YearlyStatement } from '#src/shared/statement-types.ts';
import { renderStatementPdf, statementFileName } from './statement-pdf';
import { yearlyStatement } from './yearly-statement';

// Issue 46: a recruiter's yearly statement, as JSON for the screen and as a PDF in their language
// (another with `?locale=`).

// A PDF costs tens of milliseconds of the server's CPU: a signed-in caller looping on it would take a core.
// A person downloads a few a year; an admin checking statements, a few dozen in a sitting.
export const STATEMENT_PDF_RULE: RateRule = { name: 'statement-pdf', limit: 30, windowMs: 10 * 60_000 };

async function pdfAnswer(c: Context<AppEnv>, statement: YearlyStatement, locale: AppLocale) {
  const { db, now } = c.get('deps');
  await hitRateLimit(db, STATEMENT_PDF_RULE, String(c.get('user').id), now().getTime());
  const pdf = await renderStatementPdf(statement, { locale, generatedAt: now() });
  c.header('Content-Type', 'application/pdf');
  c.header('Content-Disposition', `attachment; filename="${statementFileName(statement)}"`);
  return c.body(new Uint8Array(pdf), 200);
}

// `/api/recruiter/earning/statement` (ROLE_RECRUITER, app.ts): the signed-in recruiter's own, never another's.
export const recruiterStatementRoutes = new Hono<AppEnv>()
  .get('/statement', validate('query', statementQuerySchema), async (c) => {
    const recruiter = await recruiterAccountOr404(c.get('deps').db, c.get('user').id);
    const data = await yearlyStatement(c.get('deps'), recruiter, c.req.valid('query').year);
    return c.json({ success: true as const, data }, 200);
  })
  .get('/statement.pdf', validate('query', statementPdfQuerySchema), async (c) => {
    const { year, locale } = c.req.valid('query');
    const recruiter = await recruiterAccountOr404(c.get('deps').db, c.get('user').id);
    return pdfAnswer(c, await yearlyStatement(c.get('deps'), recruiter, year), locale ?? recruiter.locale);
  });

// `/api/admin/recruiters/:id/statement` (ROLE_ADMIN, app.ts): any recruiter's, as that recruiter reads it.
export const adminStatementRoutes = new Hono<AppEnv>()
  .get('/:id/statement', validate('param', idParamSchema), validate('query', statementQuerySchema), async (c) => {
    const recruiter = await recruiterAccountOr404(c.get('deps').db, c.req.valid('param').id);
    const data = await yearlyStatement(c.get('deps'), recruiter, c.req.valid('query').year);
    return c.json({ success: true as const, data }, 200);
  })
  .get(
    '/:id/statement.pdf',
    validate('param', idParamSchema),
    validate('query', statementPdfQuerySchema),
    async (c) => {
      const { year, locale } = c.req.valid('query');
      const recruiter = await recruiterAccountOr404(c.get('deps').db, c.req.valid('param').id);
      return pdfAnswer(c, await yearlyStatement(c.get('deps'), recruiter, year), locale ?? recruiter.locale);
    },
  );
