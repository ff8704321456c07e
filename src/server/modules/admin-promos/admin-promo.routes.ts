import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { validate } from '#src/server/validate.ts';
import {
  adminPromoInputSchema,
  adminPromoListQuerySchema,
  candidateTaskQuerySchema,
  promoAddTasksSchema,
  promoTaskParamSchema,
} from '#src/shared/admin-promo-schemas.ts';
import { idParamSchema } from '#src/shared/list-query.ts';
import {
  addPromoTasks,
  createAdminPromo,
  deleteAdminPromo,
  editAdminPromo,
  getAdminPromo,
  listAdminPromos,
  listCandidateTasks,
  removePromoTask,
} from './admin-promo.service';

// `/api/admin/promos` (issue 5): promos, their tasks, and the open tasks that can be added to one.
// ROLE_ADMIN is checked once for `/api/admin/*` in app.ts.
export const adminPromoRoutes = new Hono<AppEnv>()
  .get('/', validate('query', adminPromoListQuerySchema), async (c) =>
    c.json({ success: true as const, data: await listAdminPromos(c.get('deps'), c.req.valid('query')) }, 200),
  )
  .post('/', validate('json', adminPromoInputSchema), async (c) =>
    c.json(
      { success: true as const, data: await createAdminPromo(c.get('deps'), c.get('user').id, c.req.valid('json')) },
      201,
    ),
  )
  .get('/:id', validate('param', idParamSchema), async (c) =>
    c.json({ success: true as const, data: await getAdminPromo(c.get('deps'), c.req.valid('param').id) }, 200),
  )
  .put('/:id', validate('param', idParamSchema), validate('json', adminPromoInputSchema), async (c) =>
    c.json(
      {
        success: true as const,
        data: await editAdminPromo(c.get('deps'), c.req.valid('param').id, c.req.valid('json')),
      },
      200,
    ),
  )
  .delete('/:id', validate('param', idParamSchema), async (c) =>
    c.json({ success: true as const, data: await deleteAdminPromo(c.get('deps'), c.req.valid('param').id) }, 200),
  )
  .get(
    '/:id/candidate-tasks',
    validate('param', idParamSchema),
    validate('query', candidateTaskQuerySchema),
    async (c) =>
      c.json(
        {
          success: true as const,
          data: await listCandidateTasks(c.get('deps'), c.req.valid('param').id, c.req.valid('query')),
        },
        200,
      ),
  )
  .post('/:id/tasks', validate('param', idParamSchema), validate('json', promoAddTasksSchema), async (c) =>
    c.json(
      {
        success: true as const,
        data: await addPromoTasks(c.get('deps'), c.req.valid('param').id, c.req.valid('json').taskIds),
      },
      200,
    ),
  )
  .delete('/:id/tasks/:taskId', validate('param', promoTaskParamSchema), async (c) => {
    const { id, taskId } = c.req.valid('param');
    return c.json({ success: true as const, data: await removePromoTask(c.get('deps'), id, taskId) }, 200);
  });
