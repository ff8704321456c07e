import { Hono } from 'hono';
import { clientErrorSchema } from '../../../shared/auth-schemas';
import type { AppEnv } from '../../context';
import { clientIp, hitRateLimit } from '../../middleware/rate-limit';
import { validate } from '../../validate';

// `/api/client-errors`: where the browser reports its errors when no SENTRY_DSN is set.
export const clientErrorRoutes = new Hono<AppEnv>().post('/', validate('json', clientErrorSchema), async (c) => {
  const { db, now } = c.get('deps');
  await hitRateLimit(db, { name: 'client-errors', limit: 30, windowMs: 60_000 }, clientIp(c), now().getTime());
  const report = c.req.valid('json');
  console.warn(`[client-error] ${c.get('requestId')} ${report.url ?? ''} ${report.message}\n${report.stack ?? ''}`);
  return c.json({ success: true as const, data: null }, 202);
});
