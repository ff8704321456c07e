import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { uploadedFile } from '#src/server/uploads/uploaded-file.ts';
import { validate } from '#src/server/validate.ts';
import { referralNoteSchema } from '#src/shared/ai-note-schemas.ts';
import { idParamSchema } from '#src/shared/list-query.ts';
import { callProofSchema, referralActionSchema, talentListQuerySchema } from '#src/shared/talent-schemas.ts';
import {
  addCallProof,
  deleteCallProof,
  getMyReferral,
  listMyReferrals,
  resendConsent,
  saveReferralNote,
  sendIta,
} from './referral.service';

// `/api/recruiter/talent-task`: referrals (seed section 7).
export const referralRoutes = new Hono<AppEnv>()
  .get('/', validate('query', talentListQuerySchema), async (c) =>
    c.json(
      { success: true as const, data: await listMyReferrals(c.get('deps'), c.get('user').id, c.req.valid('query')) },
      200,
    ),
  )
  .post('/call-proof', validate('form', callProofSchema), async (c) => {
    const file = await uploadedFile(c, 'file');
    const data = await addCallProof(c.get('deps'), c.get('user').id, c.req.valid('form'), file);
    return c.json({ success: true as const, data }, 201);
  })
  .delete('/call-proof/:id', validate('param', idParamSchema), async (c) => {
    await deleteCallProof(c.get('deps'), c.get('user').id, c.req.valid('param').id);
    return c.json({ success: true as const, data: null }, 200);
  })
  .post('/resend-consent', validate('json', referralActionSchema), async (c) => {
    const data = await resendConsent(c.get('deps'), c.get('user').id, c.req.valid('json').referralId);
    return c.json({ success: true as const, data }, 200);
  })
  .post('/resend-ita/email', validate('json', referralActionSchema), async (c) => {
    const data = await sendIta(c.get('deps'), c.get('user').id, c.req.valid('json').referralId);
    return c.json({ success: true as const, data }, 200);
  })
  .put('/:id/note', validate('param', idParamSchema), validate('json', referralNoteSchema), async (c) => {
    const { id } = c.req.valid('param');
    const data = await saveReferralNote(c.get('deps'), c.get('user').id, id, c.req.valid('json').note);
    return c.json({ success: true as const, data }, 200);
  })
  .get('/:id', validate('param', idParamSchema), async (c) =>
    c.json(
      { success: true as const, data: await getMyReferral(c.get('deps'), c.get('user').id, c.req.valid('param').id) },
      200,
    ),
  );
