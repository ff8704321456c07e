import { Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ApiErrorBody } from '#src/shared/api-response.ts';
import { SEED_MESSAGES } from '#src/shared/error-codes.ts';
import type { AppDeps, AppEnv } from './context';
import { AppError } from './errors';
import { answerBasics } from './middleware/answer-basics';
import { areaGuard } from './middleware/auth';
import { limitBody } from './middleware/body-limits';
import { compressJson } from './middleware/compress-json';
import { IDEMPOTENT_METHODS, idempotent } from './middleware/idempotency';
import { accountRoutes } from './modules/account/account.routes';
import { adminAccessRecordRoutes } from './modules/admin-access-log/admin-access-log.routes';
import { adminDataProtectionRoutes } from './modules/admin-data-protection/admin-data-protection.routes';
import { adminPromoRoutes } from './modules/admin-promos/admin-promo.routes';
import { adminRecruiterRoutes } from './modules/admin-recruiters/admin-recruiter.routes';
import { adminReferralRoutes } from './modules/admin-referrals/admin-referral.routes';
import { adminTaskRoutes } from './modules/admin-tasks/admin-task.routes';
import { aiNoteRoutes } from './modules/ai-notes/ai-notes.routes';
import { authRoutes, recruiterAuthRoutes } from './modules/auth/auth.routes';
import { clientErrorRoutes } from './modules/client-errors/client-errors.routes';
import { adminCompanyRoutes } from './modules/companies/company.routes';
import { reviewRoutes } from './modules/companies/review.routes';
import { configRoutes } from './modules/config/config.routes';
import { adminCp58Routes, recruiterCp58Routes } from './modules/cp58/cp58.routes';
import { adminDashboardRoutes, recruiterDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { earningRoutes } from './modules/earning/earning.routes';
import { fileRoutes } from './modules/files/file.routes';
import { healthRoutes, readyRoutes } from './modules/health/health.routes';
import { adminInsightRoutes } from './modules/insight/insight.routes';
import { adminScorecardRoutes, recruiterScorecardRoutes } from './modules/insight/scorecard.routes';
import { emailPreferenceRoutes, notificationRoutes } from './modules/notifications/notification.routes';
import { adminPayeeRoutes } from './modules/payees/payee.routes';
import { adminPaymentRoutes } from './modules/payments/admin-payment.routes';
import { recruiterTaskRoutes } from './modules/recruiter-tasks/recruiter-task.routes';
import { referralRoutes } from './modules/referrals/referral.routes';
import { adminStatementRoutes, recruiterStatementRoutes } from './modules/statements/statement.routes';
import { talentLinkRoutes } from './modules/talent-links/talent-link.routes';
import { talentRoutes } from './modules/talents/talent.routes';
import { taskRoutes } from './modules/tasks/task.routes';
import { adminWithholdingRoutes } from './modules/withholding/withholding.routes';
import { loggedError, logger } from './observability/logger';
import { metricsHandler } from './observability/metrics.routes';
import { routeOf } from './observability/request-observer';
import { openApiRoutes } from './openapi/openapi.routes';
import { RouteCache } from './route-cache';

const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

// The whole API as one chained app, so `AppType` carries every route to the typed client.
// `web` serves the built PWA for everything outside /api (index.ts); tests leave it out.
export function createApp(deps: AppDeps, options: { web?: MiddlewareHandler<AppEnv> } = {}) {
  const base = new Hono<AppEnv>({ router: new RouteCache() });
  base.use('*', answerBasics(deps));
  base.use('/api/*', compressJson);
  // The body limit (each route's own: body-limits.ts) and the idempotency keys are steps of the
  // requests they concern only, so a GET is not two steps more on every call: a GET or HEAD has no body
  // to limit (asking it for one makes @hono/node-server build a full Request with a stream), and the
  // keys guard writes. Hono runs steps in the order they were added, whatever their methods. Added as
  // statements, not chained: under `on` they would enter `AppType` as routes.
  base.on(BODY_METHODS, '/api/*', limitBody);
  base.use('/api/recruiter/*', areaGuard('ROLE_RECRUITER', '/api/recruiter/auth/'));
  base.on(IDEMPOTENT_METHODS, '/api/recruiter/*', idempotent);
  base.use('/api/admin/*', areaGuard('ROLE_ADMIN'));
  // Prometheus' scrape, outside /api and before the PWA's fallback; a statement, so not in `AppType`.
  base.get('/metrics', metricsHandler);
  const app = base
    .route('/api/health', healthRoutes)
    .route('/api/ready', readyRoutes)
    .route('/api/auth', authRoutes)
    .route('/api/recruiter/auth', recruiterAuthRoutes)
    .route('/api/client-errors', clientErrorRoutes)
    .route('/api/config', configRoutes)
    .route('/api/recruiter/task', taskRoutes)
    .route('/api/recruiter/recruiter/task', recruiterTaskRoutes)
    .route('/api/recruiter/talent', talentRoutes)
    .route('/api/recruiter/talent-task', referralRoutes)
    .route('/api/files', fileRoutes)
    .route('/api/public/notifications', emailPreferenceRoutes)
    .route('/api/public/review', reviewRoutes)
    .route('/api/public', talentLinkRoutes)
    .route('/api/admin/recruiters', adminRecruiterRoutes)
    .route('/api/admin/recruiters', adminScorecardRoutes)
    .route('/api/admin/recruiters', adminPayeeRoutes)
    .route('/api/admin/recruiters', adminStatementRoutes)
    .route('/api/admin/tasks', adminTaskRoutes)
    .route('/api/admin/promos', adminPromoRoutes)
    .route('/api/admin/referrals', adminReferralRoutes)
    .route('/api/admin/payments', adminPaymentRoutes)
    .route('/api/admin/withholding', adminWithholdingRoutes)
    .route('/api/admin', adminAccessRecordRoutes)
    .route('/api/admin/data-protection', adminDataProtectionRoutes)
    .route('/api/admin/companies', adminCompanyRoutes)
    .route('/api/admin/cp58', adminCp58Routes)
    .route('/api/account', accountRoutes)
    .route('/api/notifications', notificationRoutes)
    .route('/api/recruiter/dashboard', recruiterDashboardRoutes)
    .route('/api/recruiter/scorecard', recruiterScorecardRoutes)
    .route('/api/recruiter/earning', earningRoutes)
    .route('/api/recruiter/earning', recruiterStatementRoutes)
    .route('/api/recruiter/earning', recruiterCp58Routes)
    .route('/api/admin/dashboard', adminDashboardRoutes)
    .route('/api/admin/insight', adminInsightRoutes)
    .route('/api/recruiter/ai/recruiter-notes', aiNoteRoutes);

  // The API's description is of the whole app, so it is mounted once the app has every other route.
  app.route(
    '/api',
    openApiRoutes(() => app),
  );
  app.all('/api/*', (c) => {
    throw new AppError('NOT_FOUND', 404, `No API route for ${c.req.method} ${c.req.path}.`);
  });
  if (options.web) app.use('*', options.web);

  app.onError((error, c) => {
    const body = (
      code: ApiErrorBody['error']['code'],
      message: string,
      fields?: Record<string, string>,
    ): ApiErrorBody => ({
      success: false,
      error: { code, message, ...(fields ? { fields } : {}), requestId: c.get('requestId') },
    });
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.json(body(error.code, error.message, error.fields), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own 4xx, e.g. a body that is not valid JSON.
      return c.json(body('BAD_REQUEST', error.message || 'The request is not valid.'), error.status);
    }
    if (isDatabaseUnavailable(error)) {
      logger.error({ area: 'api', requestId: c.get('requestId'), error: loggedError(error) }, 'database unavailable');
      c.header('Retry-After', '5');
      return c.json(body('SERVICE_UNAVAILABLE', SEED_MESSAGES.generic), 503);
    }
    // The route pattern, not the path: a path carries ids and a talent link's token. A driver's
    // message may quote a value it refused (an e-mail): loggedError cuts quoted values out.
    logger.error(
      {
        area: 'api',
        requestId: c.get('requestId'),
        method: c.req.method,
        route: routeOf(c),
        error: loggedError(error),
      },
      'request failed',
    );
    return c.json(body('INTERNAL_ERROR', SEED_MESSAGES.generic), 500);
  });

  return app;
}

export type AppType = ReturnType<typeof createApp>;

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08006',
  '08001',
  'SQLITE_BUSY',
]);
function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  const message = (error as Error)?.message ?? '';
  return (
    (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) ||
    /Connection terminated|timeout exceeded when trying to connect|not queryable/i.test(message)
  );
}
