import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { limitPerIp, RATE_RULES } from '#src/server/middleware/rate-limit.ts';
import { logger } from '#src/server/observability/logger.ts';
import { validate } from '#src/server/validate.ts';
import { clientErrorSchema } from '#src/shared/auth-schemas.ts';

// `/api/client-errors`: where the browser reports its errors when no SENTRY_DSN is set.
// The limit comes before the body is parsed: an address past it costs no parsing.
export const clientErrorRoutes = new Hono<AppEnv>().post(
  '/',
  limitPerIp(RATE_RULES.clientErrorsPerIp),
  validate('json', clientErrorSchema),
  async (c) => {
    const report = c.req.valid('json');
    // One JSON line (pino escapes it): a CR/LF in the message or stack cannot forge log lines (issue 22, finding 10). The
    // page address without its query or fragment: a talent's link carries its token there.
    logger.warn(
      {
        area: 'client-error',
        requestId: c.get('requestId'),
        url: report.url?.split(/[?#]/)[0],
        status: report.status,
        message: report.message,
        stack: report.stack,
      },
      'client error',
    );
    return c.json({ success: true as const, data: null }, 202);
  },
);
