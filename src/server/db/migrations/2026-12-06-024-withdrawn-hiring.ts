import { type Kysely, sql } from 'kysely';

// Issue 42.5: a talent's withdrawal of consent now also ends the application (hiring WITHDRAWN, "the
// candidate withdrew"), in the withdrawal's transaction (talent-links/consent-withdrawal.ts). Referrals
// withdrawn before this release still read "Submitted" or the step they were at: they move now, each with
// the history line the withdrawal writes today (no actor, from the status it had, dated when the talent
// withdrew). The line goes in first, then the status: the insight counters' triggers (migration 017) set
// lost_at from the line and recount the row from the status, as for a move made by the app.
// Dated after 017, not beside 019-023: Kysely runs pending migrations in the order of their names (its
// nameComparator orders only those already run), and this one needs 010's hiring_reason and 017's triggers.
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  const withdrawals = db
    .selectFrom('talent_decisions')
    .select((eb) => ['talent_decisions.referral_id', eb.fn.max('talent_decisions.created_at').as('at')])
    .where('talent_decisions.kind', '=', 'CONSENT')
    .where('talent_decisions.decision', '=', 'WITHDRAWN')
    .groupBy('talent_decisions.referral_id');
  const open = ['SUBMITTED', 'SCREENING', 'INTERVIEW', 'OFFERED'];
  await db
    .insertInto('referral_history')
    .columns(['referral_id', 'actor_id', 'action', 'from_value', 'to_value', 'note', 'created_at'])
    .expression(
      db
        .selectFrom('referrals')
        .innerJoin(withdrawals.as('w'), 'w.referral_id', 'referrals.id')
        .select((eb) => [
          'referrals.id',
          // Literals, not parameters: PostgreSQL types a parameter in a SELECT list as text.
          eb.lit(null).as('actor_id'),
          sql.lit('HIRING_CHANGED').as('action'),
          'referrals.hiring_status',
          sql.lit('WITHDRAWN').as('to_value'),
          eb.lit(null).as('note'),
          'w.at',
        ])
        .where('referrals.consent_status', '=', 'DECLINED')
        .where('referrals.hiring_status', 'in', open)
        .orderBy('referrals.id'),
    )
    .execute();
  await db
    .updateTable('referrals')
    .set({ hiring_status: 'WITHDRAWN', hiring_reason: null })
    .where('consent_status', '=', 'DECLINED')
    .where('hiring_status', 'in', open)
    .where('id', 'in', withdrawals.clearSelect().select('talent_decisions.referral_id'))
    .execute();
}

// The moves stand: they are in the append-only history, and the release before reads WITHDRAWN as any
// admin's move to it.
export async function down(): Promise<void> {}
