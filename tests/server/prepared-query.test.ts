import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '#src/server/db/connect.ts';
import { preparedFirst, preparedQuery, preparedShapes } from '#src/server/db/prepared-query.ts';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// src/server/db/prepared-query.ts: a query compiled once per database, run with each call's values;
// a builder that reads an argument (instead of passing it on as a value) fails on its first call.

describe.each(DIALECTS)('preparedQuery on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('never reads into a transaction open on the connection (SQLite runs it directly otherwise)', async () => {
    const a = await t.createUser({ email: 'a@example.com' });
    const emailOf = preparedQuery((db: DB, id: number) => db.selectFrom('users').select('email').where('id', '=', id));
    expect(await emailOf(t.db, a.id)).toEqual([{ email: 'a@example.com' }]);
    let outside: Promise<unknown> | undefined;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ email: 'changed@example.com' }).where('id', '=', a.id).execute();
        expect(await emailOf(trx, a.id)).toEqual([{ email: 'changed@example.com' }]);
        // Asked outside the transaction while it is open: it must not see what the transaction wrote.
        outside = emailOf(t.db, a.id);
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await outside).toEqual([{ email: 'a@example.com' }]);
    expect(await emailOf(t.db, a.id)).toEqual([{ email: 'a@example.com' }]);
  });

  it('answers what the same query built each time answers, with each call its own values', async () => {
    const a = await t.createUser({ email: 'a@example.com' });
    const b = await t.createUser({ email: 'b@example.com', status: 'DEACTIVATE' });
    const build = (db: DB, status: 'ACTIVE' | 'DEACTIVATE', minId: number) =>
      db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('status', '=', status)
        .where('id', '>=', minId)
        .where('email', 'like', '%@example.com')
        .orderBy('id');
    const prepared = preparedQuery(build);
    for (const [status, minId] of [
      ['ACTIVE', 0],
      ['DEACTIVATE', 0],
      ['ACTIVE', a.id + 1],
      ['DEACTIVATE', b.id],
    ] as const) {
      expect(await prepared(t.db, status, minId)).toEqual(await build(t.db, status, minId).execute());
    }
    expect(await prepared(t.db, 'ACTIVE', 0)).toEqual([{ id: a.id, email: 'a@example.com' }]);
    expect(await prepared(t.db, 'DEACTIVATE', 0)).toEqual([{ id: b.id, email: 'b@example.com' }]);
  });

  it('takes an array argument as an `in` list, compiled once per length', async () => {
    const ids: number[] = [];
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com'])
      ids.push((await t.createUser({ email })).id);
    const [a = 0, b = 0, c = 0] = ids;
    const emails = preparedQuery((db: DB, status: 'ACTIVE' | 'DEACTIVATE', userIds: number[]) =>
      db.selectFrom('users').select('email').where('id', 'in', userIds).where('status', '=', status).orderBy('email'),
    );
    const found = async (userIds: number[]) => (await emails(t.db, 'ACTIVE', userIds)).map((row) => row.email);
    expect(await found([a])).toEqual(['a@example.com']);
    expect(await found([c, a])).toEqual(['a@example.com', 'c@example.com']);
    expect(await found([b])).toEqual(['b@example.com']);
    expect(await found([b, c, a])).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    expect(await found([c, b])).toEqual(['b@example.com', 'c@example.com']);
    expect(await emails(t.db, 'DEACTIVATE', [a, b])).toEqual([]);
  });

  it('answers the first row of a one-row lookup, or undefined, outside and inside a transaction', async () => {
    const a = await t.createUser({ email: 'a@example.com' });
    const b = await t.createUser({ email: 'b@example.com' });
    const emailOf = preparedFirst((db: DB, id: number) => db.selectFrom('users').select('email').where('id', '=', id));
    expect(await emailOf(t.db, a.id)).toEqual({ email: 'a@example.com' });
    expect(await emailOf(t.db, b.id)).toEqual({ email: 'b@example.com' });
    expect(await emailOf(t.db, b.id + 100)).toBeUndefined();
    const firstAbove = preparedFirst((db: DB, id: number) =>
      db.selectFrom('users').select('email').where('id', '>=', id).orderBy('id'),
    );
    expect(await firstAbove(t.db, 0)).toEqual({ email: 'a@example.com' });
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ email: 'changed@example.com' }).where('id', '=', a.id).execute();
      expect(await emailOf(trx, a.id)).toEqual({ email: 'changed@example.com' });
      expect(await emailOf(trx, b.id + 100)).toBeUndefined();
    });
  });

  it('runs inside a transaction on that transaction', async () => {
    // The row exists only in the transaction until it commits: the query must run on its connection.
    const byEmail = preparedQuery((db: DB, email: string) =>
      db.selectFrom('users').select('id').where('email', '=', email),
    );
    await t.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          email: 'in-trx@example.com',
          password_hash: 'x',
          full_name: 'In Transaction',
          phone: null,
          roles: '["ROLE_RECRUITER"]',
          status: 'ACTIVE',
          need_to_change_password: 0,
          remaining_ai_note_improvement: 0,
          locale: 'en',
          timezone: 'UTC',
          created_at: '2026-11-22T02:00:00.000Z',
          updated_at: '2026-11-22T02:00:00.000Z',
        })
        .execute();
      expect(await byEmail(trx, 'in-trx@example.com')).toHaveLength(1);
    });
  });

  it('refuses a builder that reads an argument or leaves one out', async () => {
    const reads = preparedQuery((db: DB, email: string) =>
      db.selectFrom('users').select('id').where('email', '=', String(email)),
    );
    await expect(reads(t.db, 'a@example.com')).rejects.toThrow(/prepared query/);
    const compares = preparedQuery((db: DB, id: number) =>
      db
        .selectFrom('users')
        .select('id')
        .where('id', '=', id > 0 ? id : 1),
    );
    await expect(compares(t.db, 1)).rejects.toThrow(/prepared query/);
    const concatenates = preparedQuery((db: DB, email: string) =>
      db.selectFrom('users').select('id').where('email', '=', `${email}`),
    );
    await expect(concatenates(t.db, 'a@example.com')).rejects.toThrow(/prepared query/);
    const leavesOut = preparedQuery((db: DB, _email: string) => db.selectFrom('users').select('id'));
    await expect(leavesOut(t.db, 'a@example.com')).rejects.toThrow(/prepared query/);
  });

  it('compiles a query per shape, each call with its own values, a filter left off leaving its value unused', async () => {
    const a = await t.createUser({ email: 'a@example.com' });
    const b = await t.createUser({ email: 'b@example.com', status: 'DEACTIVATE' });
    type Shape = { status: boolean; order: 'asc' | 'desc' };
    const build = (db: DB, shape: Shape, status: 'ACTIVE' | 'DEACTIVATE' | undefined, minId: number) => {
      let q = db.selectFrom('users').select('email').where('id', '>=', minId);
      if (shape.status) q = q.where('status', '=', status ?? 'ACTIVE');
      return q.orderBy('id', shape.order);
    };
    const listed = preparedShapes(build);
    const emails = async (shape: Shape, status: 'ACTIVE' | 'DEACTIVATE' | undefined, minId: number) =>
      (await listed(t.db, shape, status, minId)).map((row) => row.email);
    expect(await emails({ status: false, order: 'asc' }, undefined, 0)).toEqual(['a@example.com', 'b@example.com']);
    expect(await emails({ status: false, order: 'desc' }, undefined, 0)).toEqual(['b@example.com', 'a@example.com']);
    expect(await emails({ status: true, order: 'asc' }, 'DEACTIVATE', 0)).toEqual(['b@example.com']);
    expect(await emails({ status: true, order: 'asc' }, 'ACTIVE', 0)).toEqual(['a@example.com']);
    expect(await emails({ status: true, order: 'desc' }, 'ACTIVE', a.id + 1)).toEqual([]);
    expect(await emails({ status: false, order: 'asc' }, undefined, b.id)).toEqual(['b@example.com']);
    // Each shape and values answer what the query built for them answers.
    for (const [shape, status, minId] of [
      [{ status: true, order: 'desc' }, 'DEACTIVATE', 0],
      [{ status: false, order: 'asc' }, undefined, a.id],
    ] as const) {
      expect(await listed(t.db, shape, status, minId)).toEqual(await build(t.db, shape, status, minId).execute());
    }
    // A builder still may not read a value to decide the SQL: that is what the shape is for.
    const reads = preparedShapes((db: DB, shape: { by: 'email' }, email: string) =>
      db.selectFrom('users').select('id').where(shape.by, '=', email.toLowerCase()),
    );
    await expect(reads(t.db, { by: 'email' }, 'a@example.com')).rejects.toThrow();
  });
});
