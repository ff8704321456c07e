import { Hono } from 'hono';
import {
  accountPayoutSchema,
  accountPreferencesSchema,
  accountProfileSchema,
  changePasswordSchema,
} from '../../../shared/account-schemas';
import type { AppEnv } from '../../context';
import { requireUser } from '../../middleware/auth';
import { validate } from '../../validate';
import { changePassword, getAccount, updatePayout, updatePreferences, updateProfile } from './account.service';

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
  });
