import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { requireUser } from '#src/server/middleware/auth.ts';
import { accountPayeeRoutes } from '#src/server/modules/payees/payee.routes.ts';
import { validate } from '#src/server/validate.ts';
import {
  accountPayoutSchema,
  accountPreferencesSchema,
  accountProfileSchema,
  changePasswordSchema,
} from '#src/shared/account-schemas.ts';
import { idParamSchema } from '#src/shared/list-query.ts';
import { changePassword, getAccount, updatePayout, updatePreferences, updateProfile } from './account.service';
import { accountExport, accountExportFileName } from './account-export';
import { endSession, listSessions, signOutOthers } from './account-sessions.service';

// `/api/account` (issue 5): the signed-in user's own account, for every role. No route takes a user
// id: each call reads and changes only the caller's account.
export const accountRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', async (c) =>
    c.json({ success: true as const, data: await getAccount(c.get('deps'), c.get('user').id) }, 200),
  )
  .put('/profile', validate('json', accountProfileSchema), async (c) => {
    const data = await updateProfile(c.get('deps'), c.get('user').id, c.req.valid('json'));
    return c.json({ success: true as const, data }, 200);
  })
  .put('/payout', validate('json', accountPayoutSchema), async (c) => {
    const data = await updatePayout(c.get('deps'), c.get('user').id, c.req.valid('json'));
    return c.json({ success: true as const, data }, 200);
  })
  .put('/preferences', validate('json', accountPreferencesSchema), async (c) => {
    const data = await updatePreferences(c.get('deps'), c.get('user').id, c.req.valid('json'));
    return c.json({ success: true as const, data }, 200);
  })
  .post('/password', validate('json', changePasswordSchema), async (c) => {
    const data = await changePassword(c.get('deps'), c.get('user'), c.req.valid('json'));
    return c.json({ success: true as const, data }, 200);
  })
  // Your sessions (issue 22 finding 14): the caller's own signed-in devices.
  .get('/sessions', async (c) =>
    c.json({ success: true as const, data: await listSessions(c.get('deps'), c.get('user')) }, 200),
  )
  .post('/sessions/sign-out-others', async (c) =>
    c.json({ success: true as const, data: await signOutOthers(c.get('deps'), c.get('user')) }, 200),
  )
  .delete('/sessions/:id', validate('param', idParamSchema), async (c) => {
    const data = await endSession(c.get('deps'), c.get('user'), c.req.valid('param').id);
    return c.json({ success: true as const, data }, 200);
  })
  // Issue 46: the recruiter's details for Form CP58, sealed at rest.
  .route('/payee', accountPayeeRoutes)
  // Everything the account holds about its user, as a JSON download (PDPA s30, the right of access).
  .get('/export', async (c) => {
    const data = await accountExport(c.get('deps'), c.get('user').id);
    c.header('Content-Disposition', `attachment; filename="${accountExportFileName(data)}"`);
    return c.json({ success: true as const, data }, 200);
  });
