import type { AppDeps } from '#src/server/context.ts';
import type { DB } from '#src/server/db/connect.ts';
import { recordBroadcast } from './record-event';

// Issue 25: recruiters hear of a critical task when it opens (created, made critical, or reopened) and of
// a promo when it starts, in the app and by push (e-mail only if they ask for it: DEFAULT_CHANNELS).

type TaskState = { id: number; title: string; is_critical: number | boolean; status: string };

/** In the transaction that created or changed the task: a critical task that just opened is announced. */
export async function announceTaskIfOpened(
  db: DB,
  now: Date,
  task: TaskState,
  before?: Pick<TaskState, 'is_critical' | 'status'>,
): Promise<void> {
  const openCritical = (t: Pick<TaskState, 'is_critical' | 'status'>) =>
    Boolean(Number(t.is_critical)) && t.status === 'OPEN';
  if (!openCritical(task) || (before && openCritical(before))) return;
  await recordBroadcast(db, now, {
    audience: 'RECRUITERS',
    kind: 'TASK_OPENED',
    path: `/task?view=${task.id}`,
    payload: { taskTitle: task.title },
  });
}

/**
 * Promos whose start has come and that recruiters were not told of yet: each is announced once, the claim
 * (announced_at) and the event in one transaction, so two instances never announce it twice. Run by
 * maintenance and right after a promo is created or edited.
 */
export async function announceStartedPromos(deps: Pick<AppDeps, 'db' | 'now'>): Promise<number> {
  const now = deps.now();
  const at = now.toISOString();
  const due = await deps.db
    .selectFrom('promos')
    .select(['id', 'title'])
    .where('announced_at', 'is', null)
    .where('starts_at', '<=', at)
    .where('ends_at', '>', at)
    .orderBy('id')
    .limit(50)
    .execute();
  let announced = 0;
  for (const promo of due) {
    const claimed = await deps.db.transaction().execute(async (trx) => {
      const claim = await trx
        .updateTable('promos')
        .set({ announced_at: at })
        .where('id', '=', promo.id)
        .where('announced_at', 'is', null)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) return false;
      await recordBroadcast(trx, now, {
        audience: 'RECRUITERS',
        kind: 'PROMO_OPENED',
        path: `/task/promo/${promo.id}`,
        payload: { promoTitle: promo.title },
      });
      return true;
    });
    if (claimed) announced += 1;
  }
  return announced;
}
