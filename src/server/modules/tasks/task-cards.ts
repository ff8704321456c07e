import type { DB } from '#src/server/db/connect.ts';
import type { Task } from '#src/server/db/database.ts';
import type { PromoBonus, TaskCard } from '#src/shared/recruiter-types.ts';
import { toTaskCard } from './task.mappers';
import { countQuotaUsed, findMemberTaskIds, findRunningPromosOf } from './task.repository';

// Tasks as cards: the promo bonus, the quota used and the caller's `joined` flag come from three
// batched queries over the page's ids, never one query per task.
export async function toTaskCards(db: DB, tasks: Task[], recruiterId: number, nowIso: string): Promise<TaskCard[]> {
  if (tasks.length === 0) return [];
  const ids = tasks.map((task) => task.id);
  const [promoRows, usedRows, memberRows] = await Promise.all([
    findRunningPromosOf(db, ids, nowIso),
    countQuotaUsed(db, ids),
    findMemberTaskIds(db, recruiterId, ids),
  ]);
  const promos = new Map<number, PromoBonus>();
  // Rows come largest bonus first: the first one per task wins.
  for (const row of promoRows) {
    if (promos.has(row.task_id)) continue;
    promos.set(row.task_id, {
      promoId: row.id,
      title: row.title,
      amount: Number(row.bonus_amount),
      currency: row.bonus_currency,
      endsAt: row.ends_at,
    });
  }
  const used = new Map(usedRows.map((row) => [row.task_id, Number(row.used)]));
  const joined = new Set(memberRows.map((row) => row.task_id));
  return tasks.map((task) =>
    toTaskCard(
      task,
      { promo: promos.get(task.id) ?? null, quotaUsed: used.get(task.id) ?? 0, joined: joined.has(task.id) },
      nowIso,
    ),
  );
}
