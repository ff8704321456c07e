import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { forbidden } from '#src/server/errors.ts';
import { clientIp } from '#src/server/middleware/rate-limit.ts';
import { actorOf, recordAccess } from '#src/server/personal-data/access-log.ts';
import { readPayee, savePayee } from '#src/server/personal-data/sealed-details.ts';
import { sealingKeysOf } from '#src/server/security/sealing.ts';
import { validate } from '#src/server/validate.ts';
import { idParamSchema } from '#src/shared/list-query.ts';
import { payeeDetailsSchema } from '#src/shared/payee-schemas.ts';
import { recruiterAccountOr404 } from './recruiter-account';

// Issue 46: the recruiter's details for Form CP58 (the payee), sealed at rest.

// `/api/account/payee`, mounted in account.routes.ts behind its requireUser: the signed-in recruiter's own;
// no route takes a user id. Only recruiters are paid, so a user without ROLE_RECRUITER gets 403
// (openapi/access-rules.ts says so).
export const accountPayeeRoutes = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    if (!c.get('user').roles.includes('ROLE_RECRUITER')) throw forbidden();
    await next();
  })
  .get('/', async (c) => {
    const { db, env } = c.get('deps');
    return c.json({ success: true as const, data: await readPayee(db, sealingKeysOf(env), c.get('user').id) }, 200);
  })
  .put('/', validate('json', payeeDetailsSchema), async (c) => {
    const { db, env, now } = c.get('deps');
    const keys = sealingKeysOf(env);
    const userId = c.get('user').id;
    await savePayee(db, keys, userId, c.req.valid('json'), now().toISOString());
    return c.json({ success: true as const, data: await readPayee(db, keys, userId) }, 200);
  });

// `/api/admin/recruiters/:id/payee` (ROLE_ADMIN, app.ts): what an admin needs to prepare the forms. Every
// read is a line of the access record, written before the answer leaves, saying who read whose details.
export const adminPayeeRoutes = new Hono<AppEnv>().get('/:id/payee', validate('param', idParamSchema), async (c) => {
  const { db, env, now } = c.get('deps');
  const recruiter = await recruiterAccountOr404(db, c.req.valid('param').id);
  const data = await readPayee(db, sealingKeysOf(env), recruiter.id);
  await recordAccess(db, now(), {
    ...actorOf(c.get('user')),
    action: 'PAYEE_VIEW',
    subjectKind: 'RECRUITER',
    subjectId: recruiter.id,
    detail: { saved: data !== null },
    ip: clientIp(c),
    userAgent: c.req.header('user-agent') ?? null,
  });
  return c.json({ success: true as const, data }, 200);
});
