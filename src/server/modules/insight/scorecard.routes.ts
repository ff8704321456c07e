import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { notFound } from '#src/server/errors.ts';
import { hasRole } from '#src/server/modules/admin-recruiters/admin-recruiter.repository.ts';
import { validate } from '#src/server/validate.ts';
import { idParamSchema } from '#src/shared/list-query.ts';
import { scorecardOfRecruiter } from './scorecard';

// Issue 27. `/api/recruiter/scorecard` (ROLE_RECRUITER, by the area guard): the signed-in recruiter's own
// scorecard, never another's (no id is taken). `/api/admin/recruiters/:id/scorecard` (ROLE_ADMIN): any
// recruiter's; 404 for an id that is not a recruiter.
export const recruiterScorecardRoutes = new Hono<AppEnv>().get('/', async (c) =>
  c.json({ success: true as const, data: await scorecardOfRecruiter(c.get('deps').db, c.get('user').id) }, 200),
);

export const adminScorecardRoutes = new Hono<AppEnv>().get(
  '/:id/scorecard',
  validate('param', idParamSchema),
  async (c) => {
    const { id } = c.req.valid('param');
    const { db } = c.get('deps');
    const recruiter = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', id)
      .where(hasRole('ROLE_RECRUITER'))
      .executeTakeFirst();
    if (!recruiter) throw notFound('Recruiter');
    return c.json({ success: true as const, data: await scorecardOfRecruiter(db, id) }, 200);
  },
);
