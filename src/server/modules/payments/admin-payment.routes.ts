import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { clientIp } from '#src/server/middleware/rate-limit.ts';
import { userZone } from '#src/server/modules/dashboard/month-series.ts';
import { withholdingSettings } from '#src/server/modules/withholding/withholding-settings.ts';
import { actorOf, recordAccess } from '#src/server/personal-data/access-log.ts';
import { sealingKeysOf } from '#src/server/security/sealing.ts';
import { validate } from '#src/server/validate.ts';
import { idParamSchema } from '#src/shared/list-query.ts';
import {
  createPaymentSchema,
  payableQuerySchema,
  paymentExportQuerySchema,
  paymentListQuerySchema,
  payPaymentSchema,
} from '#src/shared/payment-schemas.ts';
import { cancelPayment, createPayment, payPayment } from './payment-actions';
import { getPaymentDetail, listPayable, listPayments, listPaymentsForExport } from './payment-queries';
import { paymentsCsv, paymentsCsvFileName } from './payments-csv';

// `/api/admin/payments` (issue 5); ROLE_ADMIN is checked for all of /api/admin (app.ts).
export const adminPaymentRoutes = new Hono<AppEnv>()
  .get('/', validate('query', paymentListQuerySchema), async (c) => {
    const { page, pageSize, ...filter } = c.req.valid('query');
    const data = await listPayments(c.get('deps').db, filter, { page, pageSize });
    return c.json({ success: true as const, data }, 200);
  })
  .get('/payable', validate('query', payableQuerySchema), async (c) => {
    const { db, env, now } = c.get('deps');
    const withholding = { settings: withholdingSettings(env), at: now() };
    const data = await listPayable(db, sealingKeysOf(env), withholding, c.req.valid('query').recruiterId);
    return c.json({ success: true as const, data }, 200);
  })
  .get('/export.csv', validate('query', paymentExportQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const { db, env, now } = c.get('deps');
    // The admin's own zone, for the rows and the file name alike.
    const timeZone = await userZone(db, c.get('user').id);
    const payments = await listPaymentsForExport(db, sealingKeysOf(env), query);
    const csv = paymentsCsv(payments, timeZone);
    // The file carries recruiters' bank details: the record of access says who took it, when and from
    // where, with the filter and the row count (never the details themselves).
    await recordAccess(db, now(), {
      ...actorOf(c.get('user')),
      action: 'PAYMENTS_EXPORT',
      subjectKind: 'PAYMENTS',
      detail: { rows: payments.length, filter: query.filter, recruiterId: query.recruiterId ?? null },
      ip: clientIp(c),
      userAgent: c.req.header('user-agent') ?? null,
    });
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${paymentsCsvFileName(query.filter, now(), timeZone)}"`);
    return c.body(csv, 200);
  })
  .post('/', validate('json', createPaymentSchema), async (c) => {
    const data = await createPayment(c.get('deps'), c.get('user').id, c.req.valid('json'));
    return c.json({ success: true as const, data }, 201);
  })
  .get('/:id', validate('param', idParamSchema), async (c) => {
    const { db, env } = c.get('deps');
    const data = await getPaymentDetail(db, sealingKeysOf(env), c.req.valid('param').id);
    return c.json({ success: true as const, data }, 200);
  })
  .post('/:id/pay', validate('param', idParamSchema), validate('json', payPaymentSchema), async (c) => {
    const data = await payPayment(c.get('deps'), c.get('user').id, c.req.valid('param').id, c.req.valid('json'));
    return c.json({ success: true as const, data }, 200);
  })
  .post('/:id/cancel', validate('param', idParamSchema), async (c) => {
    const data = await cancelPayment(c.get('deps'), c.get('user').id, c.req.valid('param').id);
    return c.json({ success: true as const, data }, 200);
  });
