import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { requireUser } from '#src/server/middleware/auth.ts';
import { clientIp, hitRateLimit, RATE_RULES } from '#src/server/middleware/rate-limit.ts';
import { validate } from '#src/server/validate.ts';
import { idParamSchema } from '#src/shared/list-query.ts';
import {
  notificationListQuerySchema,
  notificationPreferencesSchema,
  pushEndpointSchema,
  pushSubscriptionSchema,
  unsubscribeQuerySchema,
} from '#src/shared/notifications.ts';
import {
  emailPreferenceOfLink,
  getPreferences,
  listNotifications,
  markAllRead,
  markRead,
  pushKey,
  removeSubscription,
  savePreferences,
  saveSubscription,
  unread,
  unsubscribeByLink,
} from './notification.service';

// `/api/notifications` (issue 25), every role: the caller's own in-app items, choices and push devices.
export const notificationRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', validate('query', notificationListQuerySchema), async (c) => {
    const data = await listNotifications(c.get('deps'), c.get('user').id, c.req.valid('query'));
    return c.json({ success: true as const, data }, 200);
  })
  .get('/unread', async (c) =>
    c.json({ success: true as const, data: await unread(c.get('deps'), c.get('user').id) }, 200),
  )
  .post('/read-all', async (c) =>
    c.json({ success: true as const, data: await markAllRead(c.get('deps'), c.get('user').id) }, 200),
  )
  .post('/:id/read', validate('param', idParamSchema), async (c) => {
    const data = await markRead(c.get('deps'), c.get('user').id, c.req.valid('param').id);
    return c.json({ success: true as const, data }, 200);
  })
  .get('/preferences', async (c) =>
    c.json({ success: true as const, data: await getPreferences(c.get('deps'), c.get('user').id) }, 200),
  )
  .put('/preferences', validate('json', notificationPreferencesSchema), async (c) => {
    const data = await savePreferences(c.get('deps'), c.get('user').id, c.req.valid('json'));
    return c.json({ success: true as const, data }, 200);
  })
  .get('/push/key', async (c) => c.json({ success: true as const, data: pushKey(c.get('deps')) }, 200))
  .put('/push/subscription', validate('json', pushSubscriptionSchema), async (c) => {
    const data = await saveSubscription(
      c.get('deps'),
      c.get('user'),
      c.req.valid('json'),
      c.req.header('user-agent')?.slice(0, 300) ?? null,
    );
    return c.json({ success: true as const, data }, 200);
  })
  .delete('/push/subscription', validate('json', pushEndpointSchema), async (c) => {
    const data = await removeSubscription(c.get('deps'), c.get('user').id, c.req.valid('json').endpoint);
    return c.json({ success: true as const, data }, 200);
  });

// `/api/public/notifications`: the one-click link of every notification e-mail (no login: the signed
// token is the key; rate-limited per IP like the talents' links). The POST is also RFC 8058's one-click
// unsubscribe, which mail clients send with the body `List-Unsubscribe=One-Click`.
export const emailPreferenceRoutes = new Hono<AppEnv>()
  .get('/email-preferences', validate('query', unsubscribeQuerySchema), async (c) => {
    const { db, now } = c.get('deps');
    await hitRateLimit(db, RATE_RULES.talentLinkPerIp, clientIp(c), now().getTime());
    const data = await emailPreferenceOfLink(c.get('deps'), c.req.valid('query').token);
    return c.json({ success: true as const, data }, 200);
  })
  .post('/unsubscribe', validate('query', unsubscribeQuerySchema), async (c) => {
    const { db, now } = c.get('deps');
    await hitRateLimit(db, RATE_RULES.talentLinkPerIp, clientIp(c), now().getTime());
    const data = await unsubscribeByLink(c.get('deps'), c.req.valid('query').token);
    return c.json({ success: true as const, data }, 200);
  });
