import { type Context, Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { clientIp, hitRateLimit, RATE_RULES } from '#src/server/middleware/rate-limit.ts';
import { validate } from '#src/server/validate.ts';
import { reviewAnswerSchema, reviewCandidateQuerySchema, reviewQuerySchema } from '#src/shared/company-schemas.ts';
import { reviewCv, viewReview, viewReviewCandidate } from './review.service';
import { answerReview } from './review-answer';

// `/api/public/review` (issue 45): a hiring company's review link. No login: the token is the key, so
// every call is rate-limited per IP, as the talent's links are (with room for a list of candidates).

const limit = async (c: Context<AppEnv>) => {
  const { db, now } = c.get('deps');
  await hitRateLimit(db, RATE_RULES.companyReviewPerIp, clientIp(c), now().getTime());
};
const audit = (c: Context<AppEnv>) => ({
  ip: clientIp(c),
  userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
});

export const reviewRoutes = new Hono<AppEnv>()
  .get('/', validate('query', reviewQuerySchema), async (c) => {
    await limit(c);
    c.header('Cache-Control', 'no-store');
    const data = await viewReview(c.get('deps'), c.req.valid('query').token, audit(c));
    return c.json({ success: true as const, data }, 200);
  })
  .get('/candidate', validate('query', reviewCandidateQuerySchema), async (c) => {
    await limit(c);
    c.header('Cache-Control', 'no-store');
    const { token, referralId } = c.req.valid('query');
    const data = await viewReviewCandidate(c.get('deps'), token, referralId, audit(c));
    return c.json({ success: true as const, data }, 200);
  })
  // The CV through the link (the token in the query, so a plain link or an <iframe> opens it).
  .get('/cv', validate('query', reviewCandidateQuerySchema), async (c) => {
    await limit(c);
    const { token, referralId } = c.req.valid('query');
    const file = await reviewCv(c.get('deps'), token, referralId, audit(c));
    const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    c.header('Content-Type', file.mimeType);
    c.header('Content-Length', String(file.bytes.byteLength));
    c.header(
      'Content-Disposition',
      `${file.inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    );
    // An uploaded file never runs as a page of this origin.
    c.header('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self'");
    c.header('Cache-Control', 'private, no-store');
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200);
  })
  .post('/answer', validate('json', reviewAnswerSchema), async (c) => {
    await limit(c);
    const { token, ...input } = c.req.valid('json');
    const data = await answerReview(c.get('deps'), token, input);
    return c.json({ success: true as const, data }, 200);
  });
