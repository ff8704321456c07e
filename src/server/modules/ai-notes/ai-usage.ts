import type { DB } from '#src/server/db/connect.ts';

// The user's remaining note improvements. Each change is one conditional UPDATE, so concurrent calls
// can never take more uses than there are, nor push the count below 0 (the same on SQLite and PostgreSQL).

/** Takes one use; answers the count left after it, or null when none was left. */
export async function takeNoteImprovement(db: DB, userId: number): Promise<number | null> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ remaining_ai_note_improvement: eb('remaining_ai_note_improvement', '-', 1) }))
    .where('id', '=', userId)
    .where('remaining_ai_note_improvement', '>', 0)
    .returning('remaining_ai_note_improvement')
    .executeTakeFirst();
  return row ? row.remaining_ai_note_improvement : null;
}

/** Gives a use back (an improvement that failed before any text was sent); answers the new count. */
export async function returnNoteImprovement(db: DB, userId: number): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ remaining_ai_note_improvement: eb('remaining_ai_note_improvement', '+', 1) }))
    .where('id', '=', userId)
    .returning('remaining_ai_note_improvement')
    .executeTakeFirst();
  return row?.remaining_ai_note_improvement ?? 0;
}

export async function remainingNoteImprovements(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('remaining_ai_note_improvement')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.remaining_ai_note_improvement ?? 0;
}
