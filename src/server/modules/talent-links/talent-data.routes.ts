import { type Context, Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { clientIp, hitRateLimit, RATE_RULES } from '#src/server/middleware/rate-limit.ts';
import { validate } from '#src/server/validate.ts';
import {
  talentDataCallProofSchema,
  talentDataCorrectionSchema,
  talentDataExportSchema,
  talentDataLinkRequestSchema,
  talentDataWithdrawSchema,
  talentLinkQuerySchema,
} from '#src/shared/talent-link-schemas.ts';
import { talentDataHtml, talentDataJson } from './data-export';
import {
  correctTalentData,
  exportTalentData,
  requestDataLinks,
  talentCallProof,
  talentResume,
  viewTalentData,
  withdrawFromDataPage,
} from './talent-data.service';

// `/api/public/data`: the talent's "manage my data" page. No login: the DATA token is the key, so every
// call is rate-limited per IP, as the consent and ITA links are.

const limit = async (c: Context<AppEnv>) => {
  const { db, now } = c.get('deps');
  await hitRateLimit(db, RATE_RULES.talentLinkPerIp, clientIp(c), now().getTime());
};
const audit = (c: Context<AppEnv>) => ({
  ip: clientIp(c),
  userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
});

/** A file the browser saves, never shows as a page of this origin. */
function attachment(c: Context<AppEnv>, name: string, type: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  c.header('Content-Type', type);
  c.header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  c.header('Content-Security-Policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'");
  c.header('Cache-Control', 'private, no-store');
}

export const talentDataRoutes = new Hono<AppEnv>()
  .get('/', validate('query', talentLinkQuerySchema), async (c) => {
    await limit(c);
    const data = await viewTalentData(c.get('deps'), c.req.valid('query').token, audit(c));
    return c.json({ success: true as const, data }, 200);
  })
  // A download through a plain link (the token in the query, as the page's own address has it).
  .get('/export', validate('query', talentDataExportSchema), async (c) => {
    await limit(c);
    const { token, format, locale } = c.req.valid('query');
    const { view } = await exportTalentData(c.get('deps'), token, audit(c), format);
    const now = c.get('deps').now();
    const day = now.toISOString().slice(0, 10);
    if (format === 'json') {
      attachment(c, `my-data-${day}.json`, 'application/json; charset=utf-8');
      return c.body(talentDataJson(view, now), 200);
    }
    attachment(c, `my-data-${day}.html`, 'text/html; charset=utf-8');
    return c.body(talentDataHtml(view, locale, now), 200);
  })
  .get('/resume', validate('query', talentLinkQuerySchema), async (c) => {
    await limit(c);
    const file = await talentResume(c.get('deps'), c.req.valid('query').token, audit(c));
    attachment(c, file.name, file.mimeType);
    c.header('Content-Length', String(file.bytes.byteLength));
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200);
  })
  .get('/call-proof', validate('query', talentDataCallProofSchema), async (c) => {
    await limit(c);
    const { token, id } = c.req.valid('query');
    const file = await talentCallProof(c.get('deps'), token, id, audit(c));
    attachment(c, file.name, file.mimeType);
    c.header('Content-Length', String(file.bytes.byteLength));
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200);
  })
  .post('/correction', validate('json', talentDataCorrectionSchema), async (c) => {
    await limit(c);
    const { token, message } = c.req.valid('json');
    const data = await correctTalentData(c.get('deps'), token, message);
    return c.json({ success: true as const, data }, 200);
  })
  .post('/withdraw', validate('json', talentDataWithdrawSchema), async (c) => {
    await limit(c);
    const { token, referralId, locale } = c.req.valid('json');
    const data = await withdrawFromDataPage(c.get('deps'), token, referralId, { locale, ...audit(c) });
    return c.json({ success: true as const, data }, 200);
  })
  // Always the same answer, known address or not (the e-mail is queued only for a known one).
  .post('/request-link', validate('json', talentDataLinkRequestSchema), async (c) => {
    await limit(c);
    const { email, locale } = c.req.valid('json');
    await requestDataLinks(c.get('deps'), email, locale);
    return c.json({ success: true as const, data: { requested: true as const } }, 200);
  });
