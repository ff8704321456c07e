import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// `/api/ready` is what a load balancer or an orchestrator asks before sending an instance traffic, and
// again while it runs: unlike /api/health (the process is alive), it says no while this build's
// migrations have not all run, and from SIGTERM on (index.ts sets the lifecycle to draining).
describe.each(DIALECTS)('/api/ready on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('answers ready, with no login, once the database answers and every migration has run', async () => {
    t = await createTestApp(dialect);
    const res = await t.request('/api/ready');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      success: true,
      data: { status: 'ready', database: 'ok', migrations: 'done' },
    });
  });

  it('says no while a migration of this build has not run, and yes once it has', async () => {
    t = await createTestApp(dialect);
    const last = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(
      t.db,
    );
    const name = last.rows[0]?.name as string;
    await sql`delete from kysely_migration where name = ${name}`.execute(t.db);

    const res = await t.request('/api/ready');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    const body = (await res.json()) as { success: boolean; error: { code: string; message: string } };
    expect(body.success).toBe(false);
    expect(body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Migrations pending: 1.' });
    // Liveness is another question: the process is alive and its database answers.
    expect((await t.request('/api/health')).status).toBe(200);

    await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
      t.db,
    );
    expect((await t.request('/api/ready')).status).toBe(200);
  });

  it('says no from the moment the server starts draining, while other calls are still answered', async () => {
    t = await createTestApp(dialect);
    expect((await t.request('/api/ready')).status).toBe(200);
    t.deps.lifecycle = { draining: true };

    const res = await t.request('/api/ready');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Shutting down.');
    // The requests that still arrive (in flight, or on a connection already open) are served.
    expect((await t.request('/api/health')).status).toBe(200);
  });
});
