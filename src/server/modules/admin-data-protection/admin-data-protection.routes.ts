import { type Context, Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { clientIp } from '#src/server/middleware/rate-limit.ts';
import { actorOf, recordAccess } from '#src/server/personal-data/access-log.ts';
import { eraseTalent } from '#src/server/personal-data/erase-talent.ts';
import { validate } from '#src/server/validate.ts';
import {
  closeDataRequestSchema,
  dataRequestListQuerySchema,
  eraseSchema,
  peopleSearchSchema,
  personParamSchema,
} from '#src/shared/data-protection-schemas.ts';
import type { EraseAnswer, PersonExport } from '#src/shared/data-protection-types.ts';
import { idParamSchema } from '#src/shared/list-query.ts';
import { closeDataRequest, listDataRequests } from './data-requests';
import { accessLinesOf, findPeople, getPerson } from './people-queries';

/** Who, from where: the record of access names the admin, their address and their browser. */
const origin = (c: Context<AppEnv>) => ({
  ...actorOf(c.get('user')),
  ip: clientIp(c),
  userAgent: c.req.header('user-agent') ?? null,
});

// `/api/admin/data-protection` (issue 24 part 3): find a person across every recruiter, see and export
// all that is held about them, erase them now, and answer their requests. ROLE_ADMIN is checked for all
// of /api/admin (app.ts). A search writes no access record (it shows only who matches); opening a person,
// exporting and erasing each write one.
export const adminDataProtectionRoutes = new Hono<AppEnv>()
  .get('/people', validate('query', peopleSearchSchema), async (c) => {
    const data = await findPeople(c.get('deps').db, c.req.valid('query').q);
    return c.json({ success: true as const, data }, 200);
  })
  .get('/people/:talentId', validate('param', personParamSchema), async (c) => {
    const { db, now } = c.get('deps');
    const talentId = c.req.valid('param').talentId;
    const person = await getPerson(db, talentId);
    await recordAccess(db, now(), {
      ...origin(c),
      action: 'PERSON_VIEW',
      subjectKind: 'TALENT',
      subjectId: talentId,
      talentId,
    });
    // The record of access as it stands now: this view is its newest line.
    const data = { ...person, access: await accessLinesOf(db, talentId) };
    return c.json({ success: true as const, data }, 200);
  })
  .get('/people/:talentId/export', validate('param', personParamSchema), async (c) => {
    const { db, now } = c.get('deps');
    const talentId = c.req.valid('param').talentId;
    const at = now();
    const person = await getPerson(db, talentId);
    await recordAccess(db, at, {
      ...origin(c),
      action: 'PERSON_EXPORT',
      subjectKind: 'TALENT',
      subjectId: talentId,
      talentId,
      detail: { referrals: person.referrals.length, files: person.files.length },
    });
    // The export's own line is in the file, and the screen shows the file's record of access (person-view.tsx).
    const body: PersonExport = { exportedAt: at.toISOString(), ...person, access: await accessLinesOf(db, talentId) };
    c.header('Content-Disposition', `attachment; filename="person-${talentId}-${at.toISOString().slice(0, 10)}.json"`);
    c.header('Cache-Control', 'no-store');
    return c.json(body, 200);
  })
  .post('/people/:talentId/erase', validate('param', personParamSchema), validate('json', eraseSchema), async (c) => {
    const deps = c.get('deps');
    const talentId = c.req.valid('param').talentId;
    const done = await eraseTalent(deps, talentId, 'ERASE', {
      ...origin(c),
      action: 'PERSON_ERASE',
      detail: { reason: c.req.valid('json').reason },
    });
    const data: EraseAnswer = {
      outcome: done.outcome,
      // eraseTalent keeps the rows (ERASE → ANONYMISED) only when a referral carries money.
      reason: done.outcome === 'ANONYMISED' ? 'MONEY_TRAIL' : null,
      files: done.files,
      emails: done.emails,
    };
    return c.json({ success: true as const, data }, 200);
  })
  .get('/requests', validate('query', dataRequestListQuerySchema), async (c) => {
    const data = await listDataRequests(c.get('deps'), c.req.valid('query'));
    return c.json({ success: true as const, data }, 200);
  })
  .post(
    '/requests/:id/close',
    validate('param', idParamSchema),
    validate('json', closeDataRequestSchema),
    async (c) => {
      const data = await closeDataRequest(
        c.get('deps'),
        c.get('user').id,
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return c.json({ success: true as const, data }, 200);
    },
  );
