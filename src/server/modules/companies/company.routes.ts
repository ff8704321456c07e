import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { validate } from '#src/server/validate.ts';
import {
  answerParamSchema,
  answerReverseSchema,
  companyContactInputSchema,
  companyContactParamSchema,
  companyInputSchema,
  companyInsightQuerySchema,
  companyListQuerySchema,
  referralParamSchema,
  shareCreateSchema,
  shareParamSchema,
  shareReferralParamSchema,
  shareReferralsSchema,
  taskParamSchema,
} from '#src/shared/company-schemas.ts';
import { idParamSchema } from '#src/shared/list-query.ts';
import {
  addContact,
  createCompany,
  getCompany,
  listCompanies,
  removeContact,
  renameCompany,
  updateContact,
} from './company.service';
import { companyInsight } from './company-insight';
import { addShareReferrals, createShares, listTaskShares, removeShareReferral, revokeShare } from './company-shares';
import { listReferralShares } from './referral-shares';
import { reverseCompanyAnswer } from './review-answer';

// `/api/admin/companies` (issue 45): hiring companies, their contacts, and the review links of a task.
// ROLE_ADMIN is checked once for `/api/admin/*` in app.ts. The literal paths (tasks, referrals, shares) come
// before `/:id`.
export const adminCompanyRoutes = new Hono<AppEnv>()
  .get('/tasks/:taskId/shares', validate('param', taskParamSchema), async (c) =>
    c.json({ success: true as const, data: await listTaskShares(c.get('deps'), c.req.valid('param').taskId) }, 200),
  )
  .post('/tasks/:taskId/shares', validate('param', taskParamSchema), validate('json', shareCreateSchema), async (c) =>
    c.json(
      {
        success: true as const,
        data: await createShares(c.get('deps'), c.get('user').id, c.req.valid('param').taskId, c.req.valid('json')),
      },
      201,
    ),
  )
  .get('/referrals/:referralId/shares', validate('param', referralParamSchema), async (c) =>
    c.json(
      {
        success: true as const,
        data: await listReferralShares(c.get('deps'), c.req.valid('param').referralId),
      },
      200,
    ),
  )
  .post('/shares/:shareId/revoke', validate('param', shareParamSchema), async (c) =>
    c.json({ success: true as const, data: await revokeShare(c.get('deps'), c.req.valid('param').shareId) }, 200),
  )
  .post(
    '/shares/:shareId/referrals',
    validate('param', shareParamSchema),
    validate('json', shareReferralsSchema),
    async (c) =>
      c.json(
        {
          success: true as const,
          data: await addShareReferrals(c.get('deps'), c.req.valid('param').shareId, c.req.valid('json').referralIds),
        },
        200,
      ),
  )
  .delete('/shares/:shareId/referrals/:referralId', validate('param', shareReferralParamSchema), async (c) => {
    const { shareId, referralId } = c.req.valid('param');
    return c.json({ success: true as const, data: await removeShareReferral(c.get('deps'), shareId, referralId) }, 200);
  })
  .post(
    '/answers/:answerId/reverse',
    validate('param', answerParamSchema),
    validate('json', answerReverseSchema),
    async (c) =>
      c.json(
        {
          success: true as const,
          data: await reverseCompanyAnswer(
            c.get('deps'),
            c.get('user').id,
            c.req.valid('param').answerId,
            c.req.valid('json').reason,
          ),
        },
        200,
      ),
  )
  .get('/insight', validate('query', companyInsightQuerySchema), async (c) =>
    c.json({ success: true as const, data: await companyInsight(c.get('deps'), c.req.valid('query')) }, 200),
  )
  .get('/', validate('query', companyListQuerySchema), async (c) =>
    c.json({ success: true as const, data: await listCompanies(c.get('deps'), c.req.valid('query')) }, 200),
  )
  .post('/', validate('json', companyInputSchema), async (c) =>
    c.json({ success: true as const, data: await createCompany(c.get('deps'), c.req.valid('json')) }, 201),
  )
  .get('/:id', validate('param', idParamSchema), async (c) =>
    c.json({ success: true as const, data: await getCompany(c.get('deps'), c.req.valid('param').id) }, 200),
  )
  .put('/:id', validate('param', idParamSchema), validate('json', companyInputSchema), async (c) =>
    c.json(
      {
        success: true as const,
        data: await renameCompany(c.get('deps'), c.req.valid('param').id, c.req.valid('json')),
      },
      200,
    ),
  )
  .post('/:id/contacts', validate('param', idParamSchema), validate('json', companyContactInputSchema), async (c) =>
    c.json(
      { success: true as const, data: await addContact(c.get('deps'), c.req.valid('param').id, c.req.valid('json')) },
      201,
    ),
  )
  .put(
    '/:id/contacts/:contactId',
    validate('param', companyContactParamSchema),
    validate('json', companyContactInputSchema),
    async (c) => {
      const { id, contactId } = c.req.valid('param');
      return c.json(
        { success: true as const, data: await updateContact(c.get('deps'), id, contactId, c.req.valid('json')) },
        200,
      );
    },
  )
  .delete('/:id/contacts/:contactId', validate('param', companyContactParamSchema), async (c) => {
    const { id, contactId } = c.req.valid('param');
    return c.json({ success: true as const, data: await removeContact(c.get('deps'), id, contactId) }, 200);
  });
