import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { validate } from '#src/server/validate.ts';
import { idParamSchema } from '#src/shared/list-query.ts';
import { taskListQuerySchema } from '#src/shared/task-schemas.ts';
import { getPromo, getTaskDetail, joinTask, listRunningPromos, listTaskBoard } from './task.service';

// `/api/recruiter/task`: the task board (seed routes /task and /task/promo/{id}).
export const taskRoutes = new Hono<AppEnv>()
  .get('/', validate('query', taskListQuerySchema), async (c) =>
    c.json(
      { success: true as const, data: await listTaskBoard(c.get('deps'), c.get('user').id, c.req.valid('query')) },
      200,
    ),
  )
  .get('/promos', async (c) => c.json({ success: true as const, data: await listRunningPromos(c.get('deps')) }, 200))
  .get('/promo/:id', validate('param', idParamSchema), async (c) =>
    c.json({ success: true as const, data: await getPromo(c.get('deps'), c.req.valid('param').id) }, 200),
  )
  .get('/:id', validate('param', idParamSchema), async (c) =>
    c.json(
      { success: true as const, data: await getTaskDetail(c.get('deps'), c.get('user').id, c.req.valid('param').id) },
      200,
    ),
  )
  .post('/:id/join', validate('param', idParamSchema), async (c) =>
    c.json(
      { success: true as const, data: await joinTask(c.get('deps'), c.get('user').id, c.req.valid('param').id) },
      200,
    ),
  );
