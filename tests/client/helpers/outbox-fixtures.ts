import { AUTH_REFRESH_PATH, userIdOf } from '#src/lib/auth-cookie.ts';
import { addEntry } from '#src/lib/outbox/outbox-store.ts';
import { OUTBOX_FILE_FIELD, OUTBOX_PATHS, type OutboxEntry, type OutboxFile } from '#src/lib/outbox/outbox-types.ts';
import { buildUploadBody } from '#src/lib/upload-body.ts';
import { tinyPng } from '#src/server/db/demo/files.ts';
import { insertReferral, insertTalent, insertTask } from '#tests/server/helpers/rows.ts';
import type { InProcessApi } from './in-process-api';

// What the outbox suites share: a recruiter logged in through the real login API, a referral of theirs
// to attach call proofs to, call-proof entries with a real PNG, and sends and refreshes that go to the
// real server in-process (a real multipart POST with the entry's id as Idempotency-Key).

export type { InProcessApi };
export type Session = { email: string; userId: number; accessToken: string; refreshToken: string };

/** A new recruiter, logged in; or, given an e-mail, that recruiter logged in again. */
export async function logInRecruiter(server: InProcessApi, existing?: string): Promise<Session> {
  const email = existing ?? (await server.createUser());
  const tokens = await server.sessionOf(email);
  const userId = userIdOf({ ...tokens, rememberMe: false });
  if (!userId) throw new Error(`no user id in ${email}'s access token`);
  return { email, userId, ...tokens };
}

// Referrals are dated in January 2026, well before the in-process server's clock (late November 2026):
// a call the hour before the referral is neither in the future nor too early for it.
const JANUARY = { now: () => new Date('2026-01-15T03:00:00.000Z') };
export const CALLED_AT = '2026-01-15T02:00:00.000Z';

/** A referral of a new talent of the recruiter's, to a new task. */
export async function referralOf(server: InProcessApi, recruiterId: number): Promise<number> {
  const rows = { db: server.db, clock: JANUARY };
  const taskId = await insertTask(rows);
  return insertReferral(rows, await insertTalent(rows, recruiterId), taskId);
}

/** A small real PNG "screenshot of the call log", as the outbox keeps it: an ArrayBuffer. */
export function screenshot(seed = 1): OutboxFile {
  const bytes = tinyPng(seed);
  const data = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(data).set(bytes);
  return { name: `call-${seed}.png`, type: 'image/png', data };
}

let sequence = 0;
/** When the fixtures' entries were queued (the device's clock): an hour before QUEUED_AT + 1 h. */
export const QUEUED_AT = Date.UTC(2026, 10, 22, 7, 0);

/** A waiting call-proof entry of the recruiter's, written to the outbox with its file. */
export async function queueCallProof(
  userId: number,
  referralId: number,
  values: { fields?: Record<string, unknown>; file?: OutboxFile; id?: string } = {},
): Promise<OutboxEntry> {
  sequence += 1;
  const file = values.file ?? screenshot(sequence);
  const entry: OutboxEntry = {
    id: values.id ?? crypto.randomUUID(),
    userId,
    kind: 'call-proof',
    fields: { referralId, calledAt: CALLED_AT, note: `Called about the job (${sequence}).`, ...values.fields },
    file: { name: file.name, type: file.type, size: file.data.byteLength },
    meta: { referralId },
    // Strictly increasing, so "oldest first" is the order they were queued in.
    createdAt: QUEUED_AT + sequence,
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: QUEUED_AT + sequence,
  };
  await addEntry(entry, file);
  return entry;
}

/** One real multipart POST of an entry to the in-process server, as the page sends it. */
export function sendTo(server: InProcessApi) {
  return async (entry: OutboxEntry, file: OutboxFile | undefined, accessToken: string): Promise<Response> =>
    server.app.request(
      new Request(new URL(OUTBOX_PATHS[entry.kind], 'http://localhost').toString(), {
        method: 'POST',
        body: buildUploadBody({ fields: entry.fields, file, fileField: OUTBOX_FILE_FIELD }),
        headers: { Authorization: `Bearer ${accessToken}`, 'Idempotency-Key': entry.id },
      }),
    );
}

/**
 * The session as the replay sees it: the current access token, and a refresh through the real refresh
 * endpoint that rotates both tokens ('ended' when the server refuses it). `calls` counts refreshes.
 */
export function sessionOf(server: InProcessApi, session: Session) {
  const state = { accessToken: session.accessToken as string | null, refreshToken: session.refreshToken, calls: 0 };
  return {
    state,
    accessToken: () => state.accessToken,
    refresh: async (_stale: string): Promise<'fresh' | 'ended' | 'transient'> => {
      state.calls += 1;
      const response = await server.app.request(AUTH_REFRESH_PATH, {
        headers: { 'x-refresh-token': state.refreshToken },
      });
      if (response.status === 429 || response.status >= 500) return 'transient';
      if (!response.ok) {
        state.accessToken = null;
        return 'ended';
      }
      const answer = (await response.json()) as { accessToken: string; refreshToken: string };
      state.accessToken = answer.accessToken;
      state.refreshToken = answer.refreshToken;
      return 'fresh';
    },
  };
}

/** The call proofs the server holds for a referral. */
export async function callProofsOf(server: InProcessApi, referralId: number) {
  return server.db.selectFrom('call_proofs').selectAll().where('referral_id', '=', referralId).orderBy('id').execute();
}
