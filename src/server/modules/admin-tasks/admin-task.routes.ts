import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { validate } from '#src/server/validate.ts';
import { adminTaskInputSchema, adminTaskListQuerySchema } from '#src/shared/admin-task-schemas.ts';
import { idParamSchema } from '#src/shared/list-query.ts';
import {
  closeAdminTask,
  createAdminTask,
  editAdminTask,
  getAdminTask,
  listAdminTasks,
  reopenAdminTask,
} from './admin-task.service';

// `/api/admin/tasks` (issue 5): the admin's task list, create, edit, close and reopen. ROLE_ADMIN is
// checked once for `/api/admin/*` in app.ts.
export const adminTaskRoutes = new Hono<AppEnv>()
  .get('/', validate('query', adminTaskListQuerySchema), async (c) =>
    c.json({ success: true as const, data: await listAdminTasks(c.get('deps'), c.req.valid('query')) }, 200),
  )
  .post('/', validate('json', adminTaskInputSchema), async (c) =>
    c.json(
      { success: true as const, data: await createAdminTask(c.get('deps'), c.get('user').id, c.req.valid('json')) },
      201,
    ),
  )
  .get('/:id', validate('param', idParamSchema), async (c) =>
    c.json({ success: true as const, data: await getAdminTask(c.get('deps'), c.req.valid('param').id) }, 200),
  )
  .put('/:id', validate('param', idParamSchema), validate('json', adminTaskInputSchema), async (c) =>
    c.json(
      {
        success: true as const,
        data: await editAdminTask(c.get('deps'), c.req.valid('param').id, c.req.valid('json')),
      },
      200,
    ),
  )
  .post('/:id/close', validate('param', idParamSchema), async (c) =>
    c.json({ success: true as const, data: await closeAdminTask(c.get('deps'), c.req.valid('param').id) }, 200),
  )
  .post('/:id/reopen', validate('param', idParamSchema), async (c) =>
    c.json({ success: true as const, data: await reopenAdminTask(c.get('deps'), c.req.valid('param').id) }, 200),
  );
