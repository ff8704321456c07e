import { Hono } from 'hono';
import { idParamSchema } from '../../../shared/list-query';
import { taskListQuerySchema } from '../../../shared/task-schemas';
import type { AppEnv } from '../../context';
import { validate } from '../../validate';
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
