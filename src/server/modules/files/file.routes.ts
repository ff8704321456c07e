import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '#src/server/context.ts';
import { requireUser } from '#src/server/middleware/auth.ts';
import { clientIp } from '#src/server/middleware/rate-limit.ts';
import { actorOf, recordAccess } from '#src/server/personal-data/access-log.ts';
import { validate } from '#src/server/validate.ts';
import { idParamSchema } from '#src/shared/list-query.ts';
import { readFileFor } from './file.service';
import { recordFileRead } from './file-reads';

// Types a browser may show in place (an admin playing a call recording, viewing a screenshot or a PDF);
// everything else is always a download.
const INLINE_TYPES = /^(image\/(png|jpeg|webp|gif)|audio\/[a-z0-9.+-]+|application\/pdf)$/;

// `/api/files/{id}`: resumes and call proofs, for their owner and for admins.
export const fileRoutes = new Hono<AppEnv>().get(
  '/:id',
  requireUser,
  validate('param', idParamSchema),
  validate('query', v.object({ disposition: v.optional(v.picklist(['attachment', 'inline']), 'attachment') })),
  async (c) => {
    const deps = c.get('deps');
    const user = c.get('user');
    const fileId = c.req.valid('param').id;
    const file = await readFileFor(deps, user, fileId);
    const inline = c.req.valid('query').disposition === 'inline' && INLINE_TYPES.test(file.mimeType);
    // Both records commit together, before the bytes go out: file_reads for the screens that show who read
    // a file, access_log for the record of access to personal data (issue 24 part 4).
    await deps.db.transaction().execute(async (trx) => {
      const now = deps.now();
      await recordFileRead(trx, now, {
        fileId,
        userId: user.id,
        disposition: inline ? 'inline' : 'attachment',
      });
      await recordAccess(trx, now, {
        ...actorOf(user),
        action: inline ? 'FILE_VIEW' : 'FILE_DOWNLOAD',
        subjectKind: 'FILE',
        subjectId: fileId,
        talentId: file.talentId,
        detail: { purpose: file.purpose },
        ip: clientIp(c),
        userAgent: c.req.header('user-agent') ?? null,
      });
    });
    const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    c.header('Content-Type', file.mimeType);
    c.header('Content-Length', String(file.bytes.byteLength));
    c.header(
      'Content-Disposition',
      `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    );
    // An uploaded file never runs as a page of this origin.
    c.header('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self'; media-src 'self'");
    c.header('Cache-Control', 'private, no-store');
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200);
  },
);
