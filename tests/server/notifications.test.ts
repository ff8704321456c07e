import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import { type AddressInfo, createServer as createNetServer, type Server as NetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importJWK, jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readEnv } from '#src/server/env.ts';
import { fanOutDueEvents, PUSH_MAX_ATTEMPTS, sendDuePushes } from '#src/server/jobs/notification-worker.ts';
import { sendAdminDigests } from '#src/server/notifications/admin-digest.ts';
import { announceStartedPromos } from '#src/server/notifications/announce.ts';
import { claimEvents, fanOutSlice } from '#src/server/notifications/fan-out.ts';
import { webPushSender } from '#src/server/notifications/push-sender.ts';
import { vapidDetails, vapidSubject } from '#src/server/notifications/vapid.ts';
import { eraseTalent } from '#src/server/personal-data/erase-talent.ts';
import { ADMIN_TOPICS, type NotificationPage, type PushMessage } from '#src/shared/notifications.ts';
import { adminCaller, type Caller, call, caller, ok } from './helpers/money-fixtures';
import { insertTalent, insertTask, referNewTalent } from './helpers/rows';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 25: what users are told, where, and exactly once. Pushes go to a real HTTPS endpoint started
// here, which holds the subscription's private keys and decrypts what web-push sent (RFC 8291), as a
// browser's push service and the browser would: no outside service, no mock of our own code.

const CERT = readFileSync(new URL('./fixtures/tls-cert.pem', import.meta.url));
const KEY = readFileSync(new URL('./fixtures/tls-key.pem', import.meta.url));

/** A device: an ECDH key pair and an auth secret, as a browser makes for a PushSubscription. */
function makeDevice(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 + RFC 8188 (aes128gcm), one record: what the browser does with a push it receives. */
function decryptPush(body: Buffer, device: ReturnType<typeof makeDevice>): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] as number;
  const senderPublic = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  const receiverPublic = device.ecdh.getPublicKey();
  const shared = device.ecdh.computeSecret(senderPublic);
  const prkKey = hmac(device.auth, shared);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const padded = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

type Received = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A push service on 127.0.0.1: records each push and answers with `status(path)`. */
async function startPushService(status: (path: string) => number = () => 201) {
  const received: Received[] = [];
  const server: Server = createServer({ cert: CERT, key: KEY }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status(req.url ?? '')).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(DIALECTS)('notifications on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let recruiter: Caller;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let answer: (path: string) => number;
  const agent = new Agent({ ca: CERT });

  beforeEach(async () => {
    answer = () => 201;
    service = await startPushService((path) => answer(path));
    t = await createTestApp(dialect, { PUSH_ENDPOINT_HOSTS: `${new URL(service.origin).host},fcm.googleapis.com` });
    admin = await adminCaller(t);
    recruiter = await caller(t, { email: 'rina@example.com', locale: 'ms' });
  });
  afterEach(async () => {
    await t.close();
    await service.close();
  });

  const sender = () => webPushSender(vapidDetails(t.env), { hosts: t.env.PUSH_ENDPOINT_HOSTS, agent });
  const subscribe = async (who: Caller, name: string) => {
    const device = makeDevice(`${service.origin}/push/${name}`);
    await ok(call(t, who, 'PUT', '/api/notifications/push/subscription', device.subscription));
    return device;
  };
  const items = (who: Caller) => ok<NotificationPage>(call(t, who, 'GET', '/api/notifications'));
  const emails = (to: string) =>
    t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();
  const moveHiring = (referralId: number, to: string, reason?: string) =>
    ok(call(t, admin, 'POST', `/api/admin/referrals/${referralId}/hiring-status`, { to, reason }));

  it('tells the recruiter of a hiring move once, in each channel, in their language, and the push decrypts', async () => {
    const taskId = await insertTask(t, { title: 'Senior Backend Engineer' });
    const referralId = await referNewTalent(t, recruiter.id, taskId, { consent_status: 'CONFIRMED' });
    const phone = await subscribe(recruiter, 'phone');
    const laptop = await subscribe(recruiter, 'laptop');

    await moveHiring(referralId, 'REJECTED', 'The client chose another candidate.');

    const page = await items(recruiter);
    expect(page.unread).toBe(1);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      kind: 'HIRING_CHANGED',
      payload: {
        taskTitle: 'Senior Backend Engineer',
        status: 'REJECTED',
        reason: 'The client chose another candidate.',
      },
      readAt: null,
    });
    expect(page.items[0]?.path).toMatch(/^\/talents-folder\/\d+\/hiring-status$/);
    const mails = await emails(recruiter.email);
    expect(mails.map((m) => m.template)).toEqual(['hiring_changed']);
    expect(JSON.parse(mails[0]?.payload ?? '{}').preferencesLink).toMatch(
      /^https:\/\/recruiter\.example\/ms\/notifications\/unsubscribe\?token=/,
    );

    expect(await sendDuePushes(t.deps, sender())).toBe(2);
    expect(service.received.map((r) => r.path).sort()).toEqual(['/push/laptop', '/push/phone']);
    for (const [device, name] of [
      [phone, '/push/phone'],
      [laptop, '/push/laptop'],
    ] as const) {
      const push = service.received.find((r) => r.path === name) as Received;
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers.ttl).toBe('86400');
      // The body is ciphertext: the talent's name is nowhere in it.
      expect(push.body.toString('latin1')).not.toContain('Senior Backend');
      const message = JSON.parse(decryptPush(push.body, device)) as PushMessage;
      expect(message.url).toBe(page.items[0]?.path.replace(/^/, '/ms'));
      expect(message.title.length).toBeGreaterThan(0);
      expect(message.body).toContain('Senior Backend Engineer');
      expect(message.body).toContain('The client chose another candidate.');
      // VAPID (RFC 8292): signed by our key, for this push service, with a contact push services accept.
      const [, jwt, key] = /^vapid t=([^,]+), k=(.+)$/.exec(String(push.headers.authorization)) ?? [];
      expect(key).toBe(vapidDetails(t.env).publicKey);
      const raw = Buffer.from(key as string, 'base64url');
      const publicKey = await importJWK(
        {
          kty: 'EC',
          crv: 'P-256',
          x: raw.subarray(1, 33).toString('base64url'),
          y: raw.subarray(33).toString('base64url'),
        },
        'ES256',
      );
      const { payload } = await jwtVerify(jwt as string, publicKey);
      expect(payload).toMatchObject({ aud: service.origin, sub: 'https://recruiter.example' });
    }
    // Sent once: the next pass has nothing, and the sent rows keep no text.
    expect(await sendDuePushes(t.deps, sender())).toBe(0);
    const rows = await t.db.selectFrom('push_outbox').select(['status', 'payload']).execute();
    expect(rows).toEqual([
      { status: 'SENT', payload: '{}' },
      { status: 'SENT', payload: '{}' },
    ]);
  });

  it('honours the choices: no e-mail, no push, or no in-app item, per topic', async () => {
    const taskId = await insertTask(t);
    const referralId = await referNewTalent(t, recruiter.id, taskId, { consent_status: 'CONFIRMED' });
    await subscribe(recruiter, 'phone');
    const prefs = await ok<{ preferences: { topics: Record<string, unknown> }; topics: string[] }>(
      call(t, recruiter, 'GET', '/api/notifications/preferences'),
    );
    expect(prefs.topics).toEqual(['talent_answers', 'call_proofs', 'hiring', 'rewards', 'opportunities']);
    expect(prefs.preferences.topics.opportunities).toEqual({ inApp: true, push: true, email: false });

    await ok(
      call(t, recruiter, 'PUT', '/api/notifications/preferences', {
        topics: { hiring: { inApp: true, push: false, email: false } },
        adminDelivery: 'DIGEST',
      }),
    );
    await moveHiring(referralId, 'SCREENING');
    expect((await items(recruiter)).items.map((i) => i.kind)).toEqual(['HIRING_CHANGED']);
    expect(await emails(recruiter.email)).toEqual([]);
    expect(await t.db.selectFrom('push_outbox').select('id').execute()).toEqual([]);

    await ok(
      call(t, recruiter, 'PUT', '/api/notifications/preferences', {
        topics: { hiring: { inApp: false, push: true, email: true } },
        adminDelivery: 'DIGEST',
      }),
    );
    await moveHiring(referralId, 'INTERVIEW');
    expect((await items(recruiter)).items).toHaveLength(1);
    expect((await emails(recruiter.email)).map((m) => m.template)).toEqual(['hiring_changed']);
    expect(await t.db.selectFrom('push_outbox').select('id').execute()).toHaveLength(1);

    // A topic of another role is refused, and nothing is half-saved.
    const refused = await call(t, recruiter, 'PUT', '/api/notifications/preferences', {
      topics: {
        hiring: { inApp: true, push: true, email: true },
        admin_rewards: { inApp: true, push: true, email: true },
      },
      adminDelivery: 'INSTANT',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_FAILED');
    const after = await ok<{ preferences: { topics: Record<string, unknown> } }>(
      call(t, recruiter, 'GET', '/api/notifications/preferences'),
    );
    expect(after.preferences.topics.hiring).toEqual({ inApp: false, push: true, email: true });
  });

  it('marks items read one by one or all at once, and never another user’s', async () => {
    const taskId = await insertTask(t);
    const first = await referNewTalent(t, recruiter.id, taskId, { consent_status: 'CONFIRMED' });
    const second = await referNewTalent(t, recruiter.id, taskId, { consent_status: 'CONFIRMED' });
    await moveHiring(first, 'SCREENING');
    await moveHiring(second, 'SCREENING');
    const page = await items(recruiter);
    expect(page.unread).toBe(2);
    const [newest, oldest] = page.items;
    const other = await caller(t, { email: 'other@example.com' });
    expect((await call(t, other, 'POST', `/api/notifications/${newest?.id}/read`)).status).toBe(404);
    expect(await ok(call(t, recruiter, 'POST', `/api/notifications/${newest?.id}/read`))).toEqual({ unread: 1 });
    expect(await ok(call(t, recruiter, 'GET', '/api/notifications/unread'))).toEqual({ unread: 1 });
    const paged = await ok<NotificationPage>(call(t, recruiter, 'GET', '/api/notifications?limit=1'));
    expect(paged.items.map((i) => i.id)).toEqual([newest?.id]);
    expect(paged.nextBefore).toBe(newest?.id);
    const older = await ok<NotificationPage>(
      call(t, recruiter, 'GET', `/api/notifications?limit=1&before=${newest?.id}`),
    );
    expect(older.items.map((i) => i.id)).toEqual([oldest?.id]);
    expect(older.nextBefore).toBeNull();
    expect(await ok(call(t, recruiter, 'POST', '/api/notifications/read-all'))).toEqual({ unread: 0 });
    expect((await items(other)).items).toEqual([]);
  });

  it('announces a critical task to every active recruiter exactly once, from the worker, not the request', async () => {
    const others = await Promise.all([1, 2, 3].map((n) => t.createUser({ email: `r${n}@example.com` })));
    const gone = await t.createUser({ email: 'gone@example.com', status: 'DEACTIVATE' });
    const base = {
      company: 'Kopi Sdn Bhd',
      description: 'Make coffee.',
      jobType: 'pt',
      location: 'Petaling Jaya',
      country: 'Malaysia',
      salaryMin: null,
      salaryMax: null,
      salaryCurrency: 'MYR',
      rewardAmount: 15_000,
      rewardCurrency: 'MYR',
      quota: 3,
      expiresAt: null,
      requiredSkills: [],
      requiredLanguages: ['en'],
    };
    await ok(call(t, admin, 'POST', '/api/admin/tasks', { ...base, title: 'Ordinary', isCritical: false }), 201);
    const task = await ok<{ id: number }>(
      call(t, admin, 'POST', '/api/admin/tasks', { ...base, title: 'Urgent barista', isCritical: true }),
      201,
    );
    // The request wrote one event and no item: the fan-out is the worker's.
    expect(await t.db.selectFrom('notification_events').select(['kind', 'status']).execute()).toEqual([
      { kind: 'TASK_OPENED', status: 'PENDING' },
    ]);
    expect(await t.db.selectFrom('notifications').select('id').execute()).toEqual([]);

    // Two instances at once, each in slices of 2: every recipient once.
    await Promise.all([fanOutDueEvents(t.deps, { slice: 2 }), fanOutDueEvents(t.deps, { slice: 2 })]);
    await fanOutDueEvents(t.deps, { slice: 2 });
    const rows = await t.db
      .selectFrom('notifications')
      .select(['user_id', 'kind', 'path'])
      .orderBy('user_id')
      .execute();
    expect(rows).toEqual(
      [recruiter.id, ...others.map((o) => o.id)]
        .sort((a, b) => a - b)
        .map((id) => ({
          user_id: id,
          kind: 'TASK_OPENED',
          path: `/task?view=${task.id}`,
        })),
    );
    expect(rows.some((r) => r.user_id === gone.id || r.user_id === admin.id)).toBe(false);
    // New tasks are not e-mailed unless asked for.
    expect(await t.db.selectFrom('email_outbox').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('notification_events').select('status').execute()).toEqual([{ status: 'DONE' }]);

    // Reopening it announces it again; editing it while open does not.
    await ok(call(t, admin, 'POST', `/api/admin/tasks/${task.id}/close`));
    await ok(call(t, admin, 'POST', `/api/admin/tasks/${task.id}/reopen`));
    expect(await t.db.selectFrom('notification_events').select('id').execute()).toHaveLength(2);
  });

  it('announces a promo once, when it starts, however often maintenance runs', async () => {
    const from = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
    const promo = await ok<{ id: number }>(
      call(t, admin, 'POST', '/api/admin/promos', {
        title: 'Year-end push',
        description: 'RM 50 more for every rewarded referral.',
        startsAt: from(60 * 60_000),
        endsAt: from(30 * 24 * 60 * 60_000),
        bonusAmount: 5_000,
        bonusCurrency: 'MYR',
      }),
      201,
    );
    // Not started: nobody is told yet.
    expect(await t.db.selectFrom('notification_events').select('id').execute()).toEqual([]);
    expect(await announceStartedPromos(t.deps)).toBe(0);
    t.clock.advance(2 * 60 * 60_000);
    const [first, second] = await Promise.all([announceStartedPromos(t.deps), announceStartedPromos(t.deps)]);
    expect((first ?? 0) + (second ?? 0)).toBe(1);
    expect(await announceStartedPromos(t.deps)).toBe(0);
    await fanOutDueEvents(t.deps);
    const page = await ok<NotificationPage>(
      call(t, { ...recruiter, token: (await t.login(recruiter.email)).accessToken }, 'GET', '/api/notifications'),
    );
    expect(page.items.map((i) => [i.kind, i.path, i.payload.promoTitle])).toEqual([
      ['PROMO_OPENED', `/task/promo/${promo.id}`, 'Year-end push'],
    ]);
  });

  it('finishes a fan-out cut off half-way, telling each recipient once', async () => {
    for (const n of [1, 2, 3, 4]) await t.createUser({ email: `r${n}@example.com` });
    const taskId = await insertTask(t, { title: 'Urgent', is_critical: 1 });
    await t.db
      .insertInto('notification_events')
      .values({
        kind: 'TASK_OPENED',
        audience: 'RECRUITERS',
        talent_id: null,
        payload: JSON.stringify({ taskTitle: 'Urgent' }),
        path: `/task?view=${taskId}`,
        status: 'PENDING',
        locked_until: null,
        created_at: t.clock.now().toISOString(),
        done_at: null,
      })
      .execute();
    const [event] = await claimEvents(t.deps, 5);
    // The instance delivers one slice of 2, then dies (no more slices, its lease left to run out).
    expect(await fanOutSlice(t.deps, event as NonNullable<typeof event>, 0, 2)).toMatchObject({
      covered: 2,
      done: false,
    });
    // A slice replayed from the old cursor (a second instance that read it before the move) does nothing.
    expect(await fanOutSlice(t.deps, event as NonNullable<typeof event>, 0, 2)).toBeNull();
    expect(await fanOutDueEvents(t.deps)).toBe(0); // still leased
    t.clock.advance(3 * 60_000);
    expect(await fanOutDueEvents(t.deps, { slice: 2 })).toBe(1);
    const users = await t.db.selectFrom('notifications').select('user_id').orderBy('user_id').execute();
    expect(users).toHaveLength(5);
    expect(new Set(users.map((u) => u.user_id)).size).toBe(5);
  });

  it('removes a device its push service calls gone (404, 410) and backs off on 5xx until it is sent', async () => {
    const taskId = await insertTask(t);
    const referralId = await referNewTalent(t, recruiter.id, taskId, { consent_status: 'CONFIRMED' });
    await subscribe(recruiter, 'gone');
    await subscribe(recruiter, 'expired');
    await subscribe(recruiter, 'busy');
    answer = (path) => (path === '/push/gone' ? 410 : path === '/push/expired' ? 404 : 503);
    await moveHiring(referralId, 'SCREENING');
    expect(await sendDuePushes(t.deps, sender())).toBe(3);
    const devices = await t.db.selectFrom('push_subscriptions').select('endpoint').execute();
    expect(devices.map((d) => new URL(d.endpoint).pathname)).toEqual(['/push/busy']);
    const [busy] = await t.db.selectFrom('push_outbox').selectAll().execute();
    expect(busy).toMatchObject({ status: 'PENDING', attempts: 1 });
    const delay = Date.parse(busy?.next_attempt_at ?? '') - t.clock.now().getTime();
    expect(delay).toBeGreaterThanOrEqual(48_000); // 60 s ± 20 %
    expect(delay).toBeLessThanOrEqual(72_000);
    // Not before its time; then sent once the service is back.
    expect(await sendDuePushes(t.deps, sender())).toBe(0);
    answer = () => 201;
    t.clock.advance(delay);
    expect(await sendDuePushes(t.deps, sender())).toBe(1);
    expect(await t.db.selectFrom('push_outbox').select(['status', 'attempts']).execute()).toEqual([
      { status: 'SENT', attempts: 2 },
    ]);
    expect(service.received.filter((r) => r.path === '/push/busy')).toHaveLength(2);

    // A push that keeps failing is given up after PUSH_MAX_ATTEMPTS, its text dropped.
    answer = () => 500;
    await moveHiring(referralId, 'INTERVIEW');
    for (let i = 0; i < PUSH_MAX_ATTEMPTS; i += 1) {
      await sendDuePushes(t.deps, sender());
      t.clock.advance(2 * 60 * 60_000);
    }
    const last = await t.db
      .selectFrom('push_outbox')
      .select(['status', 'attempts', 'payload'])
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(last).toEqual({ status: 'FAILED', attempts: PUSH_MAX_ATTEMPTS, payload: '{}' });
  });

  it('tells once of a change made twice at the same moment, and sends a push whose sender died after its lease', async () => {
    const taskId = await insertTask(t);
    const referralId = await referNewTalent(t, recruiter.id, taskId, { consent_status: 'CONFIRMED' });
    await subscribe(recruiter, 'phone');
    const second = await adminCaller(t, 'second.admin@example.com');
    const answers = await Promise.all(
      [admin, second].map((who) =>
        call(t, who, 'POST', `/api/admin/referrals/${referralId}/hiring-status`, { to: 'SCREENING' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await items(recruiter)).items).toHaveLength(1);
    expect(await emails(recruiter.email)).toHaveLength(1);

    // An instance claimed the push and died before sending it: nobody sends it while its lease runs…
    await t.db
      .updateTable('push_outbox')
      .set({ status: 'SENDING', locked_until: new Date(t.clock.now().getTime() + 2 * 60_000).toISOString() })
      .execute();
    expect(await sendDuePushes(t.deps, sender())).toBe(0);
    // …then the next instance does, once.
    t.clock.advance(2 * 60_000 + 1);
    expect(await sendDuePushes(t.deps, sender())).toBe(1);
    expect(await sendDuePushes(t.deps, sender())).toBe(0);
    expect(service.received).toHaveLength(1);
    // The Topic header lets the push service replace, not add, a copy sent again after a lost answer.
    expect(String(service.received[0]?.headers.topic)).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('keeps one row per device, and a device stays its owner’s when another account saves its endpoint', async () => {
    const device = await subscribe(recruiter, 'shared-phone');
    // The same device subscribing again (a new key, a new sign-in) replaces its row.
    const renewed = makeDevice(device.subscription.endpoint);
    await ok(call(t, recruiter, 'PUT', '/api/notifications/push/subscription', renewed.subscription));
    expect(await t.db.selectFrom('push_subscriptions').select(['user_id', 'p256dh']).execute()).toEqual([
      { user_id: recruiter.id, p256dh: renewed.subscription.keys.p256dh },
    ]);
    // Another account saving that endpoint (it learnt it somehow) takes nothing: 409, the row unchanged.
    const colleague = await caller(t, { email: 'colleague@example.com' });
    const taken = await call(t, colleague, 'PUT', '/api/notifications/push/subscription', device.subscription);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'CONFLICT', fields: { endpoint: 'push_device_taken' } });
    expect(await t.db.selectFrom('push_subscriptions').select(['user_id', 'p256dh']).execute()).toEqual([
      { user_id: recruiter.id, p256dh: renewed.subscription.keys.p256dh },
    ]);
    // …nor can it remove it; its owner can, and then the endpoint is free for whoever subscribes with it.
    await ok(
      call(t, colleague, 'DELETE', '/api/notifications/push/subscription', { endpoint: device.subscription.endpoint }),
    );
    expect(await t.db.selectFrom('push_subscriptions').select('user_id').execute()).toEqual([
      { user_id: recruiter.id },
    ]);
    await ok(
      call(t, recruiter, 'DELETE', '/api/notifications/push/subscription', { endpoint: device.subscription.endpoint }),
    );
    expect(await t.db.selectFrom('push_subscriptions').select('id').execute()).toEqual([]);
    await ok(call(t, colleague, 'PUT', '/api/notifications/push/subscription', device.subscription));
    expect(await t.db.selectFrom('push_subscriptions').select('user_id').execute()).toEqual([
      { user_id: colleague.id },
    ]);
    await ok(
      call(t, colleague, 'DELETE', '/api/notifications/push/subscription', { endpoint: device.subscription.endpoint }),
    );

    // A device signed out gets no more pushes (they would name candidates on a phone no longer theirs).
    const taskId = await insertTask(t);
    const referralId = await referNewTalent(t, recruiter.id, taskId, { consent_status: 'CONFIRMED' });
    const phone = await caller(t, { email: 'rina@example.com'.replace('rina', 'rina2') });
    await subscribe(phone, 'signed-out-phone');
    const owned = await referNewTalent(t, phone.id, taskId, { consent_status: 'CONFIRMED' });
    expect((await call(t, phone, 'POST', '/api/auth/logout')).status).toBeLessThan(300);
    await moveHiring(owned, 'SCREENING');
    await moveHiring(referralId, 'SCREENING');
    expect(await t.db.selectFrom('push_outbox').select('id').execute()).toEqual([]);
    expect((await items(recruiter)).items).toHaveLength(1);

    for (const endpoint of [
      'https://internal.example/hook',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://10.0.0.5/x',
    ]) {
      const refused = await call(t, recruiter, 'PUT', '/api/notifications/push/subscription', {
        ...device.subscription,
        endpoint,
      });
      expect(refused.status, endpoint).toBe(400);
    }
    expect(await ok(call(t, recruiter, 'GET', '/api/notifications/push/key'))).toEqual({
      publicKey: vapidDetails(t.env).publicKey,
    });
    expect(Buffer.from(vapidDetails(t.env).publicKey, 'base64url')).toHaveLength(65);
  });

  it('gives admins waiting items at once in the app and, by default, one digest a day', async () => {
    const taskId = await insertTask(t, { title: 'Data Analyst' });
    const referralId = await referNewTalent(t, recruiter.id, taskId, { consent_status: 'CONFIRMED' });
    await subscribe(admin, 'admin-desktop');
    const { broadcastReferralToAdmins } = await import('#src/server/notifications/notify-referral.ts');
    await broadcastReferralToAdmins(t.db, t.clock.now(), { referralId, kind: 'ADMIN_REWARD_WAITING' });
    await fanOutDueEvents(t.deps);
    const adminItems = await items(admin);
    expect(adminItems.items.map((i) => [i.kind, i.path])).toEqual([
      ['ADMIN_REWARD_WAITING', `/admin/hiring-status?referral=${referralId}`],
    ]);
    // DIGEST (the default): no push and no e-mail per item.
    expect(await t.db.selectFrom('push_outbox').select('id').execute()).toEqual([]);
    expect(await emails(admin.email)).toEqual([]);

    // 02:00 UTC is 10:00 in Kuala Lumpur: past the digest hour. One digest, then none again today.
    // Two instances' maintenance at once: one digest.
    expect((await Promise.all([sendAdminDigests(t.deps), sendAdminDigests(t.deps)])).sort()).toEqual([0, 1]);
    expect(await sendAdminDigests(t.deps)).toBe(0);
    const digest = (await items(admin)).items[0];
    expect(digest).toMatchObject({ kind: 'ADMIN_DIGEST', path: '/dashboard', payload: { rewards: 1 } });
    expect(await t.db.selectFrom('push_outbox').select('id').execute()).toHaveLength(1);
    expect((await emails(admin.email)).map((m) => m.template)).toEqual(['notification']);
    // The digest's "stop e-mails like this" stops the digest: every admin topic's e-mail goes off.
    const digestMail = (await emails(admin.email))[0];
    const digestToken = new URL(JSON.parse(digestMail?.payload ?? '{}').preferencesLink).searchParams.get('token');
    expect(
      await ok(call(t, null, 'GET', `/api/public/notifications/email-preferences?token=${digestToken}`)),
    ).toMatchObject({ topic: 'admin_digest', email: true });
    await ok(call(t, null, 'POST', `/api/public/notifications/unsubscribe?token=${digestToken}`));
    const off = await ok<{ preferences: { topics: Record<string, { email: boolean }> } }>(
      call(t, admin, 'GET', '/api/notifications/preferences'),
    );
    expect(Object.values(off.preferences.topics).map((c) => c.email)).toEqual(ADMIN_TOPICS.map(() => false));
    await ok(
      call(t, admin, 'PUT', '/api/notifications/preferences', {
        topics: Object.fromEntries(
          ['admin_call_proofs', 'admin_rewards', 'admin_data_requests'].map((topic) => [
            topic,
            { inApp: true, push: true, email: true },
          ]),
        ),
        adminDelivery: 'DIGEST',
      }),
    );
    // A recruiter's token for the digest is no key to anything.
    const { emailPreferencesToken } = await import('#src/server/notifications/email-preferences-token.ts');
    const foreign = emailPreferencesToken(t.env.JWT_SECRET, recruiter.id, 'admin_digest');
    expect((await call(t, null, 'POST', `/api/public/notifications/unsubscribe?token=${foreign}`)).status).toBe(400);
    t.clock.advance(24 * 60 * 60_000);
    expect(await sendAdminDigests(t.deps)).toBe(1);
    admin = { ...admin, token: (await t.login(admin.email)).accessToken }; // a day on: a fresh session

    // INSTANT: each item pushed and e-mailed as it comes, no digest.
    await ok(
      call(t, admin, 'PUT', '/api/notifications/preferences', {
        topics: { admin_rewards: { inApp: true, push: true, email: true } },
        adminDelivery: 'INSTANT',
      }),
    );
    await broadcastReferralToAdmins(t.db, t.clock.now(), { referralId, kind: 'ADMIN_REWARD_WAITING' });
    await fanOutDueEvents(t.deps);
    expect(await t.db.selectFrom('push_outbox').select('id').execute()).toHaveLength(3);
    t.clock.advance(24 * 60 * 60_000);
    expect(await sendAdminDigests(t.deps)).toBe(0);
  });

  it('stops one topic’s e-mails with the one-click link, and the e-mail says how in its headers', async () => {
    const taskId = await insertTask(t);
    const referralId = await referNewTalent(t, recruiter.id, taskId, { consent_status: 'CONFIRMED' });
    await moveHiring(referralId, 'SCREENING');
    const [mail] = await emails(recruiter.email);
    const link = new URL(JSON.parse(mail?.payload ?? '{}').preferencesLink);
    const token = link.searchParams.get('token') as string;
    const { unsubscribeHeaders } = await import('#src/server/jobs/mail-worker.ts');
    expect(unsubscribeHeaders(mail?.payload ?? '', t.env.APP_URL)).toEqual({
      'List-Unsubscribe': `<https://recruiter.example/api/public/notifications/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    expect(await ok(call(t, null, 'GET', `/api/public/notifications/email-preferences?token=${token}`))).toEqual({
      topic: 'hiring',
      email: true,
      locale: 'ms',
    });
    const res = await t.request(`/api/public/notifications/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ topic: 'hiring', email: false });
    const prefs = await ok<{ preferences: { topics: Record<string, unknown> } }>(
      call(t, recruiter, 'GET', '/api/notifications/preferences'),
    );
    expect(prefs.preferences.topics.hiring).toEqual({ inApp: true, push: true, email: false });
    expect(prefs.preferences.topics.rewards).toEqual({ inApp: true, push: true, email: true });
    await moveHiring(referralId, 'INTERVIEW');
    expect(await emails(recruiter.email)).toHaveLength(1);

    for (const bad of [`${token}x`, 'abc', `${token.split('.')[0]}.${'A'.repeat(43)}`]) {
      const refused = await call(
        t,
        null,
        'POST',
        `/api/public/notifications/unsubscribe?token=${encodeURIComponent(bad)}`,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('INVALID_TOKEN');
    }
  });

  it('forgets what the notifications said of a talent when the talent is erased', async () => {
    const taskId = await insertTask(t);
    const talent = await insertTalent(t, recruiter.id, { full_name: 'Nur Aisyah' });
    const { insertReferral } = await import('./helpers/rows');
    const referralId = await insertReferral(t, talent, taskId, { consent_status: 'CONFIRMED' });
    await subscribe(recruiter, 'phone');
    await moveHiring(referralId, 'SCREENING');
    const { broadcastReferralToAdmins } = await import('#src/server/notifications/notify-referral.ts');
    await broadcastReferralToAdmins(t.db, t.clock.now(), { referralId, kind: 'ADMIN_REWARD_WAITING' });
    expect((await items(recruiter)).items).toHaveLength(1);
    await eraseTalent(t.deps, talent.id, 'ERASE', { actorId: admin.id, actorKind: 'ADMIN', action: 'PERSON_ERASE' });
    for (const table of ['notifications', 'notification_events', 'push_outbox'] as const) {
      const rows = await t.db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows), table).not.toContain('Nur Aisyah');
    }
    expect((await items(recruiter)).items).toEqual([]);
  });
});

// Issue 43: the push sender posts only to the push services in PUSH_ENDPOINT_HOSTS. A "subscription" is
// written by whoever saves it; each form below once read as a listed host to one URL parser and as another
// host to the one that dialled (or could). "Internal" is a listener on 127.0.0.1 that counts connections:
// none of these forms may be refused late, stored, or dialled.
const PUSH_SERVICES = 'fcm.googleapis.com,*.push.apple.com,updates.push.services.mozilla.com,*.notify.windows.com';
const outsideForms = (port: number) => [
  `https://127.0.0.1%2Epush.apple.com/x`,
  `https://127.0.0.1%2Epush.apple.com:${port}/x`,
  `https://127.0.0.1%2epush.apple.com:${port}/x`,
  `HTTPS://127.0.0.1%2Epush.apple.com:${port}/x`,
  `https://localhost%2Eweb.push.apple.com:${port}/x`,
  `https://127.0.0.1%252Epush.apple.com:${port}/x`,
  `https://127.0.0.1\u3002push.apple.com:${port}/x`,
  `https://127.0.0.1\uff0epush.apple.com:${port}/x`,
  `https://127.0.0.1\uff61push.apple.com:${port}/x`,
  `https://web.push.apple.com@127.0.0.1:${port}/x`,
  `https://web.push.apple.com:x@127.0.0.1:${port}/x`,
  `https://user:secret@web.push.apple.com/x`,
  `https://127.0.0.1:${port}/x`,
  `https://[::1]:${port}/x`,
  `https://[::ffff:127.0.0.1]:${port}/x`,
  `https://2130706433:${port}/x`,
  `https://0x7f.1:${port}/x`,
  `https://web.push.apple.com:${port}/x`,
  `https://fcm.googleapis.com:${port}/fcm/send/x`,
  `https://127.0.0.1\\.push.apple.com:${port}/x`,
  `https://127.0.0.1:${port}#.push.apple.com/x`,
  `https://127.0.0.1:${port}?.push.apple.com/x`,
  `https://127.0.0.1\t.push.apple.com:${port}/x`,
  `https://web.push.apple.com./x`,
  `https://\u0435xample.push.apple.com/x`,
  `https://xn--exmple-4nf.push.apple.com/x`,
  `https://push.apple.com.127.0.0.1.nip.io:${port}/x`,
  `http://web.push.apple.com/x`,
];

describe.each(DIALECTS)('push endpoints on %s', (dialect) => {
  let t: TestApp;
  let recruiter: Caller;
  let internal: NetServer;
  let port: number;
  let connections: number;

  beforeEach(async () => {
    connections = 0;
    internal = createNetServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    port = (internal.address() as AddressInfo).port;
    t = await createTestApp(dialect, { PUSH_ENDPOINT_HOSTS: PUSH_SERVICES });
    recruiter = await caller(t, { email: 'rina@example.com' });
  });
  afterEach(async () => {
    await t.close();
    await new Promise<void>((resolve) => internal.close(() => resolve()));
  });

  it('refuses every form that could reach a host outside the list, and stores none', async () => {
    for (const endpoint of outsideForms(port)) {
      const { subscription } = makeDevice(endpoint);
      const res = await call(t, recruiter, 'PUT', '/api/notifications/push/subscription', subscription);
      expect(res.status, endpoint).toBe(400);
    }
    expect(await t.db.selectFrom('push_subscriptions').select('endpoint').execute()).toEqual([]);
  });

  it('never dials such an endpoint already in the database, and forgets that device', async () => {
    const at = t.clock.now().toISOString();
    for (const endpoint of outsideForms(port)) {
      const { subscription } = makeDevice(endpoint);
      const row = await t.db
        .insertInto('push_subscriptions')
        .values({
          user_id: recruiter.id,
          session_id: null,
          endpoint,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          user_agent: null,
          created_at: at,
          last_success_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('push_outbox')
        .values({
          subscription_id: row.id,
          talent_id: null,
          payload: JSON.stringify({ title: 't', body: 'b', url: '/', tag: 'x' }),
          status: 'PENDING',
          attempts: 0,
          next_attempt_at: at,
          locked_until: null,
          last_error: null,
          created_at: at,
          sent_at: null,
        })
        .execute();
    }
    const sender = webPushSender(vapidDetails(t.env), { hosts: t.env.PUSH_ENDPOINT_HOSTS, timeoutMs: 2000 });
    expect(await sendDuePushes(t.deps, sender, { batchSize: 100 })).toBe(outsideForms(port).length);
    expect(connections).toBe(0);
    expect(await t.db.selectFrom('push_subscriptions').select('endpoint').execute()).toEqual([]);
  });

  it('takes the push services’ real endpoints, stored in the one form the sender dials', async () => {
    for (const [endpoint, stored] of [
      [
        'https://fcm.googleapis.com/fcm/send/dXJsX2lk:APA91bH-x_y',
        'https://fcm.googleapis.com/fcm/send/dXJsX2lk:APA91bH-x_y',
      ],
      ['https://web.push.apple.com/QGaBc-12_x', 'https://web.push.apple.com/QGaBc-12_x'],
      [
        'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
        'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      ],
      [
        'https://wns2-par02p.notify.windows.com/w/?token=BQYAAABx%2bk%3d',
        'https://wns2-par02p.notify.windows.com/w/?token=BQYAAABx%2bk%3d',
      ],
      ['https://WEB.Push.Apple.com:443/upper', 'https://web.push.apple.com/upper'],
    ]) {
      await ok(
        call(t, recruiter, 'PUT', '/api/notifications/push/subscription', makeDevice(endpoint as string).subscription),
      );
      const row = await t.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(row.endpoint).toBe(stored);
    }
  });
});

describe('the VAPID keys', () => {
  it('are generated once and kept in DATA_DIR (this user only) when the environment has none, else read from it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    try {
      const env = readEnv({ APP_ENV: 'test', DATA_DIR: dir, JWT_SECRET: 'x'.repeat(48) });
      const first = vapidDetails(env);
      const file = path.join(dir, 'vapid-keys.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
        publicKey: first.publicKey,
        privateKey: first.privateKey,
      });
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      const set = readEnv({
        APP_ENV: 'test',
        DATA_DIR: dir,
        JWT_SECRET: 'x'.repeat(48),
        VAPID_PUBLIC_KEY: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        VAPID_PRIVATE_KEY: 'UUxI4O8-FbRouAevSmBQ6o18hgE4nSG3qwvJTfKc-ls',
      });
      expect(vapidDetails(set).publicKey).toBe(set.VAPID_PUBLIC_KEY);
      expect(() => readEnv({ APP_ENV: 'test', DATA_DIR: dir, VAPID_PUBLIC_KEY: set.VAPID_PUBLIC_KEY })).toThrow(
        /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the VAPID subject', () => {
  const env = (values: { VAPID_SUBJECT?: string; APP_URL: string; MAIL_FROM: string }) => values;
  it('is APP_URL only when it is public https, else the address of MAIL_FROM (Apple refuses localhost)', () => {
    expect(
      vapidSubject(env({ APP_URL: 'https://recruit.example.my', MAIL_FROM: 'R <no-reply@recruit.example.my>' })),
    ).toBe('https://recruit.example.my');
    expect(vapidSubject(env({ APP_URL: 'http://localhost:3000', MAIL_FROM: 'Recruiter <hello@agency.my>' }))).toBe(
      'mailto:hello@agency.my',
    );
    expect(vapidSubject(env({ APP_URL: 'https://localhost:3000', MAIL_FROM: 'ops@agency.my' }))).toBe(
      'mailto:ops@agency.my',
    );
    expect(
      vapidSubject(env({ VAPID_SUBJECT: 'mailto:push@agency.my', APP_URL: 'https://a.example', MAIL_FROM: 'x@y.z' })),
    ).toBe('mailto:push@agency.my');
  });
});
