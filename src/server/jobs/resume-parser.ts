import { sql } from 'kysely';
import type { AppDeps } from '#src/server/context.ts';
import type { DB } from '#src/server/db/connect.ts';
import { loggedError, logger } from '#src/server/observability/logger.ts';
import { jobFailures } from '#src/server/observability/metrics.ts';
import { extractResumeFields } from '#src/server/resume/extract-fields.ts';
import { extractResumeText } from '#src/server/resume/extract-text.ts';
import { startPassLoop } from './pass-loop';

// Reads dropped resumes: PENDING → PARSING → DONE, or FAILED when the file cannot be read (the recruiter
// then completes the profile by hand). Safe with several instances: a conditional UPDATE claims a row,
// and a PARSING row untouched for PARSE_LEASE_MS (a crashed instance) can be claimed again.
export const PARSE_LEASE_MS = 2 * 60_000;

type Claimed = { id: number; fileId: number };

// A parse result is written only while the talent still waits for this file's result: a newer drop
// (another file, PENDING again) makes it stale.
const stillMine = (db: DB, claimed: Claimed) =>
  db
    .updateTable('talents')
    .where('id', '=', claimed.id)
    .where('resume_file_id', '=', claimed.fileId)
    .where('parse_status', '=', 'PARSING');

async function claimPending(deps: AppDeps, batchSize: number): Promise<Claimed[]> {
  const { db } = deps;
  const now = deps.now();
  const at = now.toISOString();
  const leaseOver = new Date(now.getTime() - PARSE_LEASE_MS).toISOString();
  const candidates = await db
    .selectFrom('talents')
    .select(['id', 'resume_file_id'])
    .where('resume_file_id', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('parse_status', '=', 'PENDING'),
        eb.and([eb('parse_status', '=', 'PARSING'), eb('updated_at', '<', leaseOver)]),
      ]),
    )
    .orderBy('updated_at')
    .orderBy('id')
    .limit(batchSize)
    .execute();
  const claimed: Claimed[] = [];
  for (const candidate of candidates) {
    // The claim: only one instance's UPDATE still finds the row claimable.
    const row = await db
      .updateTable('talents')
      .set({ parse_status: 'PARSING', updated_at: at })
      .where('id', '=', candidate.id)
      .where('resume_file_id', '=', candidate.resume_file_id)
      .where((eb) =>
        eb.or([
          eb('parse_status', '=', 'PENDING'),
          eb.and([eb('parse_status', '=', 'PARSING'), eb('updated_at', '<', leaseOver)]),
        ]),
      )
      .returning(['id', 'resume_file_id'])
      .executeTakeFirst();
    if (row?.resume_file_id != null) claimed.push({ id: row.id, fileId: row.resume_file_id });
  }
  return claimed;
}

async function parseOne(deps: AppDeps, claimed: Claimed): Promise<void> {
  const { db } = deps;
  try {
    const file = await db
      .selectFrom('files')
      .select(['storage_key', 'mime_type'])
      .where('id', '=', claimed.fileId)
      .executeTakeFirst();
    if (!file) throw new Error(`file #${claimed.fileId} is gone`);
    const bytes = await deps.storage.get(file.storage_key);
    if (!bytes) throw new Error(`no stored object for file #${claimed.fileId}`);
    const text = await extractResumeText(bytes, file.mime_type);
    const found = extractResumeFields(text, deps.now());

    // Only what is still empty is filled, in the UPDATE itself, so an edit made meanwhile is kept.
    const worked = (found.yearsOfExperience ?? 0) > 0 || found.currentPosition !== null;
    await stillMine(db, claimed)
      .set((eb) => ({
        parse_status: 'DONE',
        resume_text: text,
        updated_at: deps.now().toISOString(),
        ...(found.skills.length > 0 && {
          skills: sql<string>`case when ${sql.ref('skills')} = '[]' then ${JSON.stringify(found.skills)} else ${sql.ref('skills')} end`,
        }),
        ...(found.yearsOfExperience !== null && {
          years_of_experience: eb.fn.coalesce('years_of_experience', eb.val(found.yearsOfExperience)),
        }),
        ...(found.currentPosition !== null && {
          current_position: eb.fn.coalesce('current_position', eb.val(found.currentPosition)),
        }),
        ...(found.summary !== null && { summary: eb.fn.coalesce('summary', eb.val(found.summary)) }),
        ...(worked && { has_work_experience: eb.fn.coalesce('has_work_experience', eb.val(1)) }),
        // The drop requires an education level; "Others" is the one that says nothing, so it is "empty".
        ...(found.educationLevel !== null && {
          education_level: sql<string>`case when ${sql.ref('education_level')} = 'Others' then ${found.educationLevel} else ${sql.ref('education_level')} end`,
        }),
      }))
      .execute();
  } catch (error) {
    jobFailures.labels('resume_parse').inc();
    logger.warn({ area: 'resume', talentId: claimed.id, error: loggedError(error) }, 'the resume could not be read');
    await stillMine(db, claimed).set({ parse_status: 'FAILED', updated_at: deps.now().toISOString() }).execute();
  }
}

/** One pass: claims up to `batchSize` waiting resumes and parses them. Returns how many it handled. */
export async function parsePendingResumes(deps: AppDeps, options: { batchSize?: number } = {}): Promise<number> {
  const claimed = await claimPending(deps, options.batchSize ?? 5);
  for (const one of claimed) await parseOne(deps, one);
  return claimed.length;
}

// The worker of this process for a database, so a drop can wake it at once instead of waiting a poll.
const wakers = new WeakMap<DB, () => void>();

/** Asks this process's parser (if one runs) for a pass now. Never waits for it. */
export function wakeResumeParser(deps: Pick<AppDeps, 'db'>): void {
  wakers.get(deps.db)?.();
}

export function startResumeParser(
  deps: AppDeps,
  options: { intervalMs?: number; batchSize?: number } = {},
): { stop(): Promise<void>; runOnce(): Promise<number> } {
  const intervalMs = options.intervalMs ?? 1000;
  const batchSize = options.batchSize ?? 5;
  const loop = startPassLoop(() => parsePendingResumes(deps, { batchSize }), {
    intervalMs,
    batchSize,
    onError: (error) => {
      jobFailures.labels('resume_parse_pass').inc();
      logger.warn({ area: 'resume', error: loggedError(error) }, 'parser pass failed');
    },
  });
  wakers.set(deps.db, () => setImmediate(loop.wake));
  return {
    runOnce: loop.runOnce,
    async stop() {
      wakers.delete(deps.db);
      await loop.stop();
    },
  };
}
