import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { closeCorrection } from '#src/server/modules/talent-links/data-requests.ts';
import { uploadedFile } from '#src/server/uploads/uploaded-file.ts';
import { validate } from '#src/server/validate.ts';
import { correctionDoneSchema, correctionParamSchema } from '#src/shared/data-protection-schemas.ts';
import { idParamSchema } from '#src/shared/list-query.ts';
import {
  profileCompletionSchema,
  resumeContactSchema,
  talentEditSchema,
  talentListQuerySchema,
} from '#src/shared/talent-schemas.ts';
import { dropResumeRequestSchema } from './drop-resume-request';
import { readResumeContact } from './resume-contact';
import { completeProfileAndRefer, dropResume, getTalent, listTalents, updateTalent } from './talent.service';

// `/api/recruiter/talent` (seed section 7). Multipart forms carry lists as JSON text; the shared
// schemas decode them (src/shared/form-fields.ts).
export const talentRoutes = new Hono<AppEnv>()
  // The online drop (every field required, the seed's), or one queued offline whose blank contact fields
  // are read from the resume (issue 42.4; drop-resume-request.ts).
  .post('/drop_resume', validate('form', dropResumeRequestSchema), async (c) => {
    const file = await uploadedFile(c, 'file');
    const data = await dropResume(c.get('deps'), c.get('user').id, c.req.valid('form'), file);
    return c.json({ success: true as const, data }, 201);
  })
  // What a resume says for the drop form to start from (contact, languages, education, location).
  // Stores and logs nothing.
  .post('/resume-contact', validate('form', resumeContactSchema), async (c) => {
    const data = await readResumeContact(await uploadedFile(c, 'file'), c.get('deps').now());
    return c.json({ success: true as const, data }, 200);
  })
  .post('/task', validate('form', profileCompletionSchema), async (c) => {
    const data = await completeProfileAndRefer(c.get('deps'), c.get('user').id, c.req.valid('form'));
    return c.json({ success: true as const, data }, 201);
  })
  .get('/', validate('query', talentListQuerySchema), async (c) =>
    c.json(
      { success: true as const, data: await listTalents(c.get('deps'), c.get('user').id, c.req.valid('query')) },
      200,
    ),
  )
  .get('/:id', validate('param', idParamSchema), async (c) =>
    c.json(
      { success: true as const, data: await getTalent(c.get('deps'), c.get('user').id, c.req.valid('param').id) },
      200,
    ),
  )
  .put('/:id', validate('param', idParamSchema), validate('json', talentEditSchema), async (c) => {
    const data = await updateTalent(c.get('deps'), c.get('user').id, c.req.valid('param').id, c.req.valid('json'));
    return c.json({ success: true as const, data }, 200);
  })
  // The talent's correction request, closed by their recruiter once the profile is corrected.
  .post(
    '/:id/corrections/:requestId/done',
    validate('param', correctionParamSchema),
    validate('json', correctionDoneSchema),
    async (c) => {
      const { id, requestId } = c.req.valid('param');
      const data = await closeCorrection(c.get('deps'), c.get('user').id, id, requestId, c.req.valid('json').response);
      return c.json({ success: true as const, data }, 200);
    },
  );
