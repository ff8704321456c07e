import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { clientIp, hitRateLimit, RATE_RULES } from '#src/server/middleware/rate-limit.ts';
import { validate } from '#src/server/validate.ts';
import {
  talentLinkAnswerSchema,
  talentLinkQuerySchema,
  talentLinkWithdrawSchema,
} from '#src/shared/talent-link-schemas.ts';
import { talentDataRoutes } from './talent-data.routes';
import { dataLinkFromTalentLink } from './talent-data.service';
import { answerTalentLink, type LinkKind, viewTalentLink, withdrawConsent } from './talent-link.service';

// `/api/public`: what the talent's consent and ITA pages call. No login: the token is the key, so
// every call is rate-limited per IP.
const linkRoutes = (kind: LinkKind) =>
  new Hono<AppEnv>()
    .get('/', validate('query', talentLinkQuerySchema), async (c) => {
      const { db, now } = c.get('deps');
      await hitRateLimit(db, RATE_RULES.talentLinkPerIp, clientIp(c), now().getTime());
      return c.json(
        { success: true as const, data: await viewTalentLink(c.get('deps'), kind, c.req.valid('query').token) },
        200,
      );
    })
    .post('/', validate('json', talentLinkAnswerSchema), async (c) => {
      const { db, now } = c.get('deps');
      await hitRateLimit(db, RATE_RULES.talentLinkPerIp, clientIp(c), now().getTime());
      const { token, decision, locale } = c.req.valid('json');
      const data = await answerTalentLink(c.get('deps'), kind, token, decision, {
        locale,
        ip: clientIp(c),
        userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
      });
      return c.json({ success: true as const, data }, 200);
    })
    // The talent takes back a consent given earlier (see withdrawConsent for which links may).
    .post('/withdraw', validate('json', talentLinkWithdrawSchema), async (c) => {
      const { db, now } = c.get('deps');
      await hitRateLimit(db, RATE_RULES.talentLinkPerIp, clientIp(c), now().getTime());
      const { token, locale } = c.req.valid('json');
      const data = await withdrawConsent(c.get('deps'), kind, token, {
        locale,
        ip: clientIp(c),
        userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
      });
      return c.json({ success: true as const, data }, 200);
    })
    // "See or manage your data": a fresh DATA link for this referral's talent (the page then opens it).
    .post('/data-link', validate('json', talentLinkQuerySchema), async (c) => {
      const { db, now } = c.get('deps');
      await hitRateLimit(db, RATE_RULES.talentLinkPerIp, clientIp(c), now().getTime());
      const data = await dataLinkFromTalentLink(c.get('deps'), kind, c.req.valid('json').token);
      return c.json({ success: true as const, data }, 200);
    });

export const talentLinkRoutes = new Hono<AppEnv>()
  .route('/consent', linkRoutes('CONSENT'))
  .route('/ita', linkRoutes('ITA'))
  .route('/data', talentDataRoutes);
