import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { validate } from '#src/server/validate.ts';
import {
  addRecruiterSchema,
  assignableTaskQuerySchema,
  assignTaskSchema,
  recruiterListQuerySchema,
  recruiterStatusSchema,
  recruiterTaskParamSchema,
} from '#src/shared/admin-recruiter-schemas.ts';
import { idParamSchema } from '#src/shared/list-query.ts';
import { talentListQuerySchema } from '#src/shared/talent-schemas.ts';
import { taskListQuerySchema } from '#src/shared/task-schemas.ts';
import {
  addRecruiter,
  assignTask,
  endRecruiterSessions,
  getRecruiter,
  getRecruiterTask,
  listAssignableTasks,
  listRecruiterReferrals,
  listRecruiters,
  listRecruiterTasks,
  resendInvitation,
  setRecruiterStatus,
} from './admin-recruiter.service';

// `/api/admin/recruiters` (issue 5): Admin › Recruiters. ROLE_ADMIN is checked for all of /api/admin (app.ts).
export const adminRecruiterRoutes = new Hono<AppEnv>()
  .get('/', validate('query', recruiterListQuerySchema), async (c) =>
    c.json({ success: true as const, data: await listRecruiters(c.get('deps'), c.req.valid('query')) }, 200),
  )
  .post('/', validate('json', addRecruiterSchema), async (c) =>
    c.json({ success: true as const, data: await addRecruiter(c.get('deps'), c.req.valid('json')) }, 201),
  )
  .get('/:id', validate('param', idParamSchema), async (c) =>
    c.json({ success: true as const, data: await getRecruiter(c.get('deps'), c.req.valid('param').id) }, 200),
  )
  .patch('/:id/status', validate('param', idParamSchema), validate('json', recruiterStatusSchema), async (c) => {
    const data = await setRecruiterStatus(c.get('deps'), c.req.valid('param').id, c.req.valid('json').status);
    return c.json({ success: true as const, data }, 200);
  })
  .post('/:id/invitation', validate('param', idParamSchema), async (c) =>
    c.json({ success: true as const, data: await resendInvitation(c.get('deps'), c.req.valid('param').id) }, 200),
  )
  // Signs the recruiter out everywhere, leaving the account active (issue 22 finding 14).
  .post('/:id/sessions/end', validate('param', idParamSchema), async (c) => {
    const data = await endRecruiterSessions(c.get('deps'), c.req.valid('param').id);
    return c.json({ success: true as const, data }, 200);
  })
  .get('/:id/tasks', validate('param', idParamSchema), validate('query', taskListQuerySchema), async (c) => {
    const data = await listRecruiterTasks(c.get('deps'), c.req.valid('param').id, c.req.valid('query'));
    return c.json({ success: true as const, data }, 200);
  })
  .post('/:id/tasks', validate('param', idParamSchema), validate('json', assignTaskSchema), async (c) => {
    const data = await assignTask(c.get('deps'), c.get('user').id, c.req.valid('param').id, c.req.valid('json').taskId);
    return c.json({ success: true as const, data }, 200);
  })
  .get('/:id/tasks/:taskId', validate('param', recruiterTaskParamSchema), async (c) => {
    const { id, taskId } = c.req.valid('param');
    return c.json({ success: true as const, data: await getRecruiterTask(c.get('deps'), id, taskId) }, 200);
  })
  .get('/:id/talents', validate('param', idParamSchema), validate('query', talentListQuerySchema), async (c) => {
    const data = await listRecruiterReferrals(c.get('deps'), c.req.valid('param').id, c.req.valid('query'));
    return c.json({ success: true as const, data }, 200);
  })
  .get(
    '/:id/assignable-tasks',
    validate('param', idParamSchema),
    validate('query', assignableTaskQuerySchema),
    async (c) => {
      const data = await listAssignableTasks(c.get('deps'), c.req.valid('param').id, c.req.valid('query'));
      return c.json({ success: true as const, data }, 200);
    },
  );
