import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '#src/server/db/connect.ts';
import { migrateToLatest } from '#src/server/db/migrate.ts';
import { containsText } from '#src/server/db/text-search.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import { insertPromo, insertReferral, insertTalent, insertTask } from './helpers/rows';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Every list search ("contains", case-insensitive, % and _ as themselves) through the trigram indexes of
// migration 008 (src/server/db/text-search.ts): FTS5 tables kept by triggers on SQLite, pg_trgm on
// PostgreSQL. 3 characters or more come from the index, 1 or 2 from a scan; both must answer alike.

type Row = Record<string, unknown>;

describe.each(DIALECTS)('text search on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let rina: { id: number; token: string };
  let omar: { id: number; token: string };
  beforeEach(async () => {
    t = await createTestApp(dialect);
    const a = await t.createUser({ email: 'admin@example.com', roles: ['ROLE_ADMIN'] });
    admin = (await t.login(a.email)).accessToken;
    const r = await t.createUser({ email: 'rina.salleh@kerja.my' });
    rina = { id: r.id, token: (await t.login(r.email)).accessToken };
    const o = await t.createUser({ email: 'omar@example.com' });
    omar = { id: o.id, token: (await t.login(o.email)).accessToken };
    await t.db.updateTable('users').set({ full_name: 'Rina Salleh' }).where('id', '=', rina.id).execute();
    await t.db.updateTable('users').set({ full_name: 'Omar Farouk' }).where('id', '=', omar.id).execute();
  });
  afterEach(async () => {
    await t.close();
  });

  /** One field of every row a list answers for the search (its first page of 50). */
  const found = async (path: string, search: string, field: string, token = admin) => {
    const separator = path.includes('?') ? '&' : '?';
    const res = await t.request(`${path}${separator}search=${encodeURIComponent(search)}&pageSize=50`, {
      headers: bearer(token),
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    const page = body.data as ListPage<Row>;
    expect(page.total).toBe(page.items.length);
    return page.items.map((row) => row[field]).sort();
  };

  // The task lists: the admin's, the board, a recruiter's assignable tasks, a promo's candidates.
  const taskLists = async () => {
    const promo = await insertPromo(t, []);
    return [
      (s: string) => found('/api/admin/tasks', s, 'title'),
      (s: string) => found('/api/recruiter/task', s, 'title', rina.token),
      (s: string) => found(`/api/admin/recruiters/${omar.id}/assignable-tasks`, s, 'title'),
      (s: string) => found(`/api/admin/promos/${promo}/candidate-tasks`, s, 'title'),
    ];
  };
  const talents = (s: string) => found('/api/recruiter/talent', s, 'fullName', rina.token);
  const recruiters = (s: string) => found('/api/admin/recruiters', s, 'fullName');
  const adminReferrals = (s: string) => found('/api/admin/referrals', s, 'id');
  const myReferrals = (s: string) => found('/api/recruiter/talent-task', s, 'id', rina.token);

  /** Rina's talent Wan Ahmad Faizal referred to Senior Barista; Omar's Lim Mei Ling to Lorry Driver. */
  async function referrals() {
    const barista = await insertTask(t, { title: 'Senior Barista', code: 'KOPI-0417' });
    const driver = await insertTask(t, { title: 'Lorry Driver', code: 'TRK-2290' });
    const wan = await insertTalent(t, rina.id, {
      full_name: 'Wan Ahmad Faizal',
      email: 'faizal.wan@mail.my',
      phone_e164: '+60123456789',
    });
    const lim = await insertTalent(t, omar.id, { full_name: 'Lim Mei Ling', email: 'meiling@contoh.my' });
    return {
      barista,
      wan,
      lim,
      byRina: await insertReferral(t, wan, barista),
      byOmar: await insertReferral(t, lim, driver),
    };
  }

  /** On SQLite, each FTS5 index agrees with its table, row for row (external content: rank 1 compares). */
  async function expectIndexesIntact() {
    if (dialect !== 'sqlite') return;
    for (const table of ['tasks_search', 'talents_search', 'users_search']) {
      await sql`insert into ${sql.table(table)} (${sql.table(table)}, rank) values ('integrity-check', 1)`.execute(
        t.db,
      );
    }
  }

  it('finds a task by the middle of a word in its title, company, code or location, ignoring case', async () => {
    await insertTask(t, { title: 'Senior Barista' });
    await insertTask(t, { title: 'Driver', company: 'Petronas Digital' });
    await insertTask(t, { title: 'Cook', location: 'Kota Kinabalu' });
    await insertTask(t, { title: 'Cleaner', code: 'ZX-4821' });
    for (const list of await taskLists()) {
      expect(await list('ARIST')).toEqual(['Senior Barista']);
      expect(await list('tRoNaS dig')).toEqual(['Driver']);
      expect(await list('inabal')).toEqual(['Cook']);
      expect(await list('x-48')).toEqual(['Cleaner']);
      expect(await list('barista digital')).toEqual([]);
    }
  });

  it('finds recruiters by name and e-mail, talents by name, e-mail and phone, however the phone is typed', async () => {
    await referrals();
    await insertTalent(t, rina.id, { full_name: 'Tan Wei Ling', phone_e164: '+60198765432' });
    expect(await recruiters('LLE')).toEqual(['Rina Salleh']);
    expect(await recruiters('rja.M')).toEqual(['Rina Salleh']);
    expect(await recruiters('arou')).toEqual(['Omar Farouk']);
    expect(await talents('AHMAD FAI')).toEqual(['Wan Ahmad Faizal']);
    expect(await talents('l.wan@')).toEqual(['Wan Ahmad Faizal']);
    expect(await talents('2345678')).toEqual(['Wan Ahmad Faizal']);
    expect(await talents('012-345 6789')).toEqual(['Wan Ahmad Faizal']);
    expect(await talents('+6019')).toEqual(['Tan Wei Ling']);
    // Omar's talent is not Rina's to find.
    expect(await talents('mei ling')).toEqual([]);
  });

  it('finds referrals by talent, task and recruiter for the admin, and by talent and task for the recruiter', async () => {
    const { byRina, byOmar } = await referrals();
    expect(await adminReferrals('MAD FAI')).toEqual([byRina]);
    expect(await adminReferrals('eiling@cont')).toEqual([byOmar]);
    expect(await adminReferrals('rry dri')).toEqual([byOmar]);
    expect(await adminReferrals('pi-04')).toEqual([byRina]);
    expect(await adminReferrals('salle')).toEqual([byRina]);
    expect(await adminReferrals('FAROUK')).toEqual([byOmar]);
    expect(await myReferrals('mad fai')).toEqual([byRina]);
    expect(await myReferrals('789')).toEqual([byRina]);
    expect(await myReferrals('nior bar')).toEqual([byRina]);
    expect(await myReferrals('pi-04')).toEqual([byRina]);
    expect(await myReferrals('rry dri')).toEqual([]);
  });

  it('forgets the old text and finds the new after an update, whoever writes it', async () => {
    const { barista, wan, byRina, byOmar } = await referrals();
    await t.db.updateTable('tasks').set({ title: 'Head Chef', code: 'CHEF-0001' }).where('id', '=', barista).execute();
    await t.db.updateTable('talents').set({ full_name: 'Nur Aisyah Binti Kamal' }).where('id', '=', wan.id).execute();
    await t.db.updateTable('users').set({ full_name: 'Omar Hakimi' }).where('id', '=', omar.id).execute();
    // Other columns change: the searched text stays found.
    await t.db.updateTable('tasks').set({ status: 'CLOSED' }).where('id', '=', barista).execute();
    await t.db.updateTable('tasks').set({ status: 'OPEN' }).where('id', '=', barista).execute();

    for (const list of await taskLists()) {
      expect(await list('barista')).toEqual([]);
      expect(await list('AD CHE')).toEqual(['Head Chef']);
    }
    expect(await talents('ahmad')).toEqual([]);
    expect(await talents('aisyah binti')).toEqual(['Nur Aisyah Binti Kamal']);
    expect(await recruiters('farouk')).toEqual([]);
    expect(await recruiters('HAKIM')).toEqual(['Omar Hakimi']);
    for (const list of [adminReferrals, myReferrals]) {
      expect(await list('ahmad')).toEqual([]);
      expect(await list('kopi-0417')).toEqual([]);
      expect(await list('aisyah')).toEqual([byRina]);
      expect(await list('chef-00')).toEqual([byRina]);
    }
    expect(await adminReferrals('farouk')).toEqual([]);
    expect(await adminReferrals('hakim')).toEqual([byOmar]);
    await expectIndexesIntact();
  });

  it('finds nothing of a deleted row', async () => {
    const { lim } = await referrals();
    const cook = await insertTask(t, { title: 'Line Cook' });
    await t.db.deleteFrom('tasks').where('id', '=', cook).execute();
    await t.db.deleteFrom('talents').where('id', '=', lim.id).execute();
    await t.db.deleteFrom('users').where('id', '=', omar.id).execute();

    for (const list of (await taskLists()).slice(0, 2)) expect(await list('line coo')).toEqual([]);
    expect(await recruiters('farouk')).toEqual([]);
    expect(await adminReferrals('mei ling')).toEqual([]);
    expect(await adminReferrals('farouk')).toEqual([]);
    expect(await adminReferrals('rry dri')).toEqual([]);
    await expectIndexesIntact();
    if (dialect === 'sqlite') {
      const left = await sql<{ n: number }>`
        select (select count(*) from tasks_search where tasks_search match '"line cook"') +
          (select count(*) from talents_search where talents_search match '"mei ling"') +
          (select count(*) from users_search where users_search match '"farouk"') as n`.execute(t.db);
      expect(Number(left.rows[0]?.n)).toBe(0);
    }
  });

  it('matches %, _, quotes and Malay and Chinese text as themselves', async () => {
    await insertTask(t, { title: '100% commission' });
    await insertTask(t, { title: 'Part_time cashier' });
    await insertTask(t, { title: 'Parttime cleaner' });
    await insertTask(t, { title: 'Say "hello" barista' });
    await insertTask(t, { title: 'Pengurus Jualan Kanan' });
    await insertTask(t, { title: '办公室助理' });
    for (const list of await taskLists()) {
      expect(await list('100%')).toEqual(['100% commission']);
      expect(await list('0% co')).toEqual(['100% commission']);
      expect(await list('%')).toEqual(['100% commission']);
      expect(await list('t_ti')).toEqual(['Part_time cashier']);
      expect(await list('_')).toEqual(['Part_time cashier']);
      expect(await list('a_n')).toEqual([]);
      expect(await list('"hello"')).toEqual(['Say "hello" barista']);
      expect(await list('y "h')).toEqual(['Say "hello" barista']);
      expect(await list('"hel')).toEqual(['Say "hello" barista']);
      expect(await list('"')).toEqual(['Say "hello" barista']);
      expect(await list('"""')).toEqual([]);
      expect(await list('* OR ba')).toEqual([]);
      expect(await list('jualan KAN')).toEqual(['Pengurus Jualan Kanan']);
      expect(await list('公室助')).toEqual(['办公室助理']);
      expect(await list('助理')).toEqual(['办公室助理']);
    }
    await insertTalent(t, rina.id, { full_name: '陈伟明', email: 'chen@example.cn' });
    await insertTalent(t, rina.id, { full_name: 'Nur Syafiqah binti Abdullah' });
    await insertTalent(t, rina.id, { full_name: 'Élodie Dupont' });
    expect(await talents('陈伟明')).toEqual(['陈伟明']);
    expect(await talents('伟明')).toEqual(['陈伟明']);
    expect(await talents('SYAFIQAH BIN')).toEqual(['Nur Syafiqah binti Abdullah']);
    // Non-ASCII case: the FTS5 index folds it (3 characters or more); PostgreSQL's ILIKE does where the
    // database's character type knows it (C.UTF-8 does, plain C does not).
    const folds =
      dialect === 'sqlite' ||
      (await sql<{ folds: boolean }>`select 'É' ilike 'é' as folds`.execute(t.db)).rows[0]?.folds === true;
    expect(await talents('ÉLODIE')).toEqual(['Élodie Dupont']);
    expect(await talents('éLODIE')).toEqual(folds ? ['Élodie Dupont'] : []);
  });

  it('still searches with 1 or 2 characters, which no trigram index answers', async () => {
    const { byRina, byOmar } = await referrals();
    await insertTask(t, { title: 'Cook' });
    for (const list of await taskLists()) {
      expect(await list('ok')).toEqual(['Cook']);
      expect(await list('RI')).toEqual(['Lorry Driver', 'Senior Barista']);
      expect(await list('q')).toEqual([]);
    }
    expect(await talents('WA')).toEqual(['Wan Ahmad Faizal']);
    expect(await recruiters('ou')).toEqual(['Omar Farouk']);
    expect(await adminReferrals('AR')).toEqual([byRina, byOmar].sort());
    expect(await adminReferrals('ll')).toEqual([byRina]);
    expect(await adminReferrals('zz')).toEqual([]);
    expect(await myReferrals('za')).toEqual([byRina]);
    expect(await myReferrals('ry')).toEqual([]);
  });

  it('pages a search that matches many referrals and one that matches few, newest first', async () => {
    const task = await insertTask(t, { title: 'Warehouse Assistant' });
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const talent = await insertTalent(t, i % 2 ? omar.id : rina.id, { full_name: `Siti Aminah ${i}` });
      ids.push(await insertReferral(t, talent, task));
      t.clock.advance(60_000);
    }
    const newestFirst = [...ids].reverse();
    const page = async (search: string, query: string) => {
      const res = await t.request(`/api/admin/referrals?search=${search}&${query}`, { headers: bearer(admin) });
      expect(res.status).toBe(200);
      const data = (await res.json()).data as ListPage<{ id: number }>;
      return { ids: data.items.map((r) => r.id), total: data.total };
    };
    expect(await page('aminah', 'pageSize=10')).toEqual({ ids: newestFirst.slice(0, 10), total: 12 });
    expect(await page('aminah', 'pageSize=10&page=2')).toEqual({ ids: newestFirst.slice(10), total: 12 });
    expect(await page('aminah', 'pageSize=10&page=3')).toEqual({ ids: [], total: 12 });
    expect(await page('aminah%207', 'pageSize=10')).toEqual({ ids: [ids[7]], total: 1 });
    expect(await page('aminah', `pageSize=10&recruiterId=${omar.id}`)).toEqual({
      ids: newestFirst.filter((_, i) => i % 2 === 0).slice(0, 10),
      total: 6,
    });
  });

  it('looks text of 3 characters or more up in the trigram index', async () => {
    await insertTask(t, { title: 'Senior Barista' });
    const query = (text: string) =>
      t.db
        .selectFrom('tasks')
        .select('tasks.id')
        .where(containsText(t.db, 'tasks', ['title'], text))
        .compile();
    if (dialect === 'sqlite') {
      const plan = async (text: string) => {
        const compiled = query(text);
        const result = await t.db.executeQuery<{ detail: string }>({
          ...compiled,
          sql: `explain query plan ${compiled.sql}`,
        });
        return result.rows.map((row) => row.detail).join(' | ');
      };
      expect(await plan('barista')).toContain('tasks_search VIRTUAL TABLE');
      expect(await plan('ba')).not.toContain('tasks_search');
    } else {
      // A table of one row is read straight through; with scans ruled out, the plan shows the index it can use.
      const lines = await t.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const compiled = query('barista');
        const result = await trx.executeQuery<{ 'QUERY PLAN': string }>({
          ...compiled,
          sql: `explain ${compiled.sql}`,
        });
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(lines).toContain('tasks_title_trgm');
    }
  });

  // PostgreSQL only: SQLite's FTS5 is built in, there is no extension to be refused.
  it.runIf(dialect === 'postgres')(
    'migrates without pg_trgm when the role may not create it, and searches by scanning',
    async () => {
      const base = new URL(process.env.TEST_DATABASE_URL as string);
      const owner = connect({ databaseUrl: base.toString() });
      const superuser = await sql<{ yes: boolean }>`select rolsuper as yes from pg_roles where rolname = current_user`
        .execute(owner)
        .then((r) => r.rows[0]?.yes === true);
      if (!superuser) {
        await owner.destroy();
        return;
      }
      // A database of its own, where pg_trgm is not installed, and a role without CREATE on it.
      const name = `t_noext_${randomBytes(5).toString('hex')}`;
      const password = randomBytes(12).toString('hex');
      await sql`create role ${sql.id(name)} login password ${sql.lit(password)}`.execute(owner);
      await sql`create database ${sql.id(name)}`.execute(owner);
      const inside = new URL(base);
      inside.pathname = `/${name}`;
      const grants = connect({ databaseUrl: inside.toString() });
      await sql`grant create on schema public to ${sql.id(name)}`.execute(grants);
      await grants.destroy();
      const asRole = new URL(inside);
      asRole.username = name;
      asRole.password = password;
      const db = connect({ databaseUrl: asRole.toString() });
      try {
        await migrateToLatest(db);
        const trgm = await sql<{ n: string }>`
          select (select count(*) from pg_extension where extname = 'pg_trgm') +
            (select count(*) from pg_indexes where indexname like '%\\_trgm') as n`.execute(db);
        expect(Number(trgm.rows[0]?.n)).toBe(0);
        await insertTask({ db, clock: t.clock }, { title: 'Senior Barista' });
        const hits = await db
          .selectFrom('tasks')
          .select('title')
          .where(containsText(db, 'tasks', ['title', 'code'], 'RISTA'))
          .execute();
        expect(hits).toEqual([{ title: 'Senior Barista' }]);
      } finally {
        await db.destroy();
        // pg's pool.end() resolves before its connections have closed: dropping the database (with force)
        // at once could end one still closing, which the pool reports as an idle client error.
        await expect
          .poll(async () => {
            const open = await sql<{ n: string }>`
              select count(*) as n from pg_stat_activity where datname = ${name}`.execute(owner);
            return Number(open.rows[0]?.n);
          })
          .toBe(0);
        await sql`drop database ${sql.id(name)} with (force)`.execute(owner);
        await sql`drop role ${sql.id(name)}`.execute(owner);
        await owner.destroy();
      }
    },
    // A database and a role of its own, migrated from nothing: seconds, more on a loaded machine.
    60_000,
  );
});
