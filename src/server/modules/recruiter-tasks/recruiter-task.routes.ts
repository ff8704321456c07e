import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { validate } from '#src/server/validate.ts';
import { idParamSchema } from '#src/shared/list-query.ts';
import { taskListQuerySchema } from '#src/shared/task-schemas.ts';
import { getMyTask, listMyTasks } from './recruiter-task.service';

// `/api/recruiter/recruiter/task`: Manage Task (seed: GET /api/recruiter/recruiter/task/{id}).
export const recruiterTaskRoutes = new Hono<AppEnv>()
  .get('/', validate('query', taskListQuerySchema), async (c) =>
    c.json(
      { success: true as const, data: await listMyTasks(c.get('deps'), c.get('user').id, c.req.valid('query')) },
      200,
    ),
  )
  .get('/:id', validate('param', idParamSchema), async (c) =>
    c.json(
      { success: true as const, data: await getMyTask(c.get('deps'), c.get('user').id, c.req.valid('param').id) },
      200,
    ),
  );
