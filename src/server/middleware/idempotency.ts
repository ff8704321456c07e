import { createHash } from 'node:crypto';
import type { Context, Next } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import type { AppDeps, AppEnv } from '#src/server/context.ts';
import { AppError } from '#src/server/errors.ts';
import { loggedError, logger } from '#src/server/observability/logger.ts';

// Idempotency keys (issue 4). The offline outbox sends each queued submission with its own id as
// `Idempotency-Key`; a send whose answer was lost is sent again with the same key. The key is stored per
// user with a hash of the request and, once handled, the answer: the same key with the same request
// answers the stored answer and runs nothing; with another request 422; while the first is still being
// handled 409. All state is in the database, so it holds across instances. Keys are optional.

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** An IN_PROGRESS key older than this belongs to a send that crashed: the next send takes it over. */
export const IDEMPOTENCY_STALE_MS = 2 * 60_000;
/** The methods whose requests it guards (app.ts installs it for these only). */
export const IDEMPOTENT_METHODS = ['POST', 'PUT', 'DELETE'];
const GUARDED_METHODS = new Set(IDEMPOTENT_METHODS);

export type Claim =
  | { kind: 'claimed'; claimedAt: string }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'reused' }
  | { kind: 'in-progress' };

/**
 * Claims `key` for a request with `requestHash`: inserts an IN_PROGRESS row, or, when the key exists,
 * answers what to do with it. `claimedAt` fences the claim: only the claimer finishes or releases it.
 */
export async function claimIdempotencyKey(
  deps: Pick<AppDeps, 'db' | 'now'>,
  userId: number,
  key: string,
  requestHash: string,
): Promise<Claim> {
  const { db } = deps;
  // A row can disappear between our insert and our read (its send failed): try again, a few times.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const now = deps.now();
    const claimedAt = now.toISOString();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        key,
        request_hash: requestHash,
        status: 'IN_PROGRESS',
        response_status: null,
        response_body: null,
        created_at: claimedAt,
      })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) return { kind: 'claimed', claimedAt };

    const row = await db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status', 'response_status', 'response_body', 'created_at'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) continue;
    if (row.request_hash !== requestHash) return { kind: 'reused' };
    if (row.status === 'DONE')
      return { kind: 'replay', status: row.response_status ?? 200, body: row.response_body ?? '' };

    const cutoff = new Date(now.getTime() - IDEMPOTENCY_STALE_MS).toISOString();
    if (row.created_at >= cutoff) return { kind: 'in-progress' };
    // A crashed send: take it over. The conditional UPDATE lets only one taker win.
    const taken = await db
      .updateTable('idempotency_keys')
      .set({ created_at: claimedAt })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('request_hash', '=', requestHash)
      .where('status', '=', 'IN_PROGRESS')
      .where('created_at', '<', cutoff)
      .returning('key')
      .executeTakeFirst();
    if (taken) return { kind: 'claimed', claimedAt };
    // Someone else took it over or finished it meanwhile: look again.
  }
  return { kind: 'in-progress' };
}

/** Stores the answer of a claimed key (2xx and definitive 4xx). */
export async function completeIdempotencyKey(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
  key: string,
  claimedAt: string,
  response: { status: number; body: string },
): Promise<void> {
  await deps.db
    .updateTable('idempotency_keys')
    .set({ status: 'DONE', response_status: response.status, response_body: response.body })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('status', '=', 'IN_PROGRESS')
    .where('created_at', '=', claimedAt)
    .execute();
}

/** Forgets a claimed key whose send failed (5xx, thrown error), so the client can retry with it. */
export async function releaseIdempotencyKey(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
  key: string,
  claimedAt: string,
): Promise<void> {
  await deps.db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('status', '=', 'IN_PROGRESS')
    .where('created_at', '=', claimedAt)
    .execute();
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * sha256 over method, path and a canonical digest of the body. JSON (and any other body): the raw text.
 * Forms: the parsed fields, sorted by name, since a multipart body differs per send (its boundary);
 * a file counts by name, type, size and the sha256 of its bytes. Hono caches the parsed body, so the
 * route's validator reads it again.
 */
export async function requestHash(c: Context<AppEnv>): Promise<string> {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  let digest: string;
  if (mediaType === 'multipart/form-data' || mediaType === 'application/x-www-form-urlencoded') {
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch (error) {
      throw new HTTPException(400, { message: `Malformed FormData request. ${(error as Error).message}` });
    }
    const part = async (value: string | File) =>
      typeof value === 'string'
        ? value
        : {
            file: value.name,
            type: value.type,
            size: value.size,
            sha256: sha256(new Uint8Array(await value.arrayBuffer())),
          };
    const fields = [];
    for (const name of Object.keys(form).sort()) {
      const value = form[name] as string | File | (string | File)[];
      const values = Array.isArray(value) ? value : [value];
      fields.push([name, await Promise.all(values.map(part))]);
    }
    digest = `form:${JSON.stringify(fields)}`;
  } else {
    digest = `text:${await c.req.text()}`;
  }
  return sha256(`${c.req.method}\n${c.req.path}\n${digest}`);
}

/**
 * The middleware, for a logged-in user's POST/PUT/DELETE (it runs after the area guard). Without the
 * header, or for other methods, it passes the request through unchanged.
 */
const STREAMED_PREFIX = '/api/recruiter/ai/';
// A read that changes nothing: its answer (a talent's contact details) must never be kept as a replay.
const UNGUARDED_PATHS = new Set(['/api/recruiter/talent/resume-contact']);

// Not async itself: a request it lets through gets next()'s promise as it is, without one of its own.
export const idempotent = createMiddleware<AppEnv>((c, next) => {
  // The method first, should it be installed for every method: a GET passes without a look at its headers.
  if (!GUARDED_METHODS.has(c.req.method)) return next();
  const key = c.req.header(IDEMPOTENCY_HEADER);
  const user = c.get('user');
  if (key === undefined || !user) return next();
  // A streamed answer (the AI note helper) cannot be stored and replayed; each call is its own use.
  if (c.req.path.startsWith(STREAMED_PREFIX) || UNGUARDED_PATHS.has(c.req.path)) return next();
  return guardedSend(c, next, key, user.id);
});

async function guardedSend(c: Context<AppEnv>, next: Next, key: string, userId: number) {
  if (!KEY_PATTERN.test(key)) {
    throw new AppError('VALIDATION_FAILED', 400, 'Some fields are not valid.', {
      [IDEMPOTENCY_HEADER]: 'idempotency_key_invalid',
    });
  }
  const deps = c.get('deps');
  const claim = await claimIdempotencyKey(deps, userId, key, await requestHash(c));
  switch (claim.kind) {
    case 'reused':
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 422, 'This Idempotency-Key was used for a different request.');
    case 'in-progress':
      throw new AppError(
        'IDEMPOTENCY_KEY_IN_PROGRESS',
        409,
        'A request with this Idempotency-Key is still being handled. Please try again shortly.',
        undefined,
        { 'Retry-After': '1' },
      );
    case 'replay':
      return c.body(claim.body, claim.status as 200, {
        'Content-Type': 'application/json; charset=UTF-8',
        [REPLAYED_HEADER]: 'true',
      });
  }

  await next();
  // A thrown error has already been turned into an answer by onError (c.error is set). A 5xx or a
  // 429 frees the key for a retry with it.
  const status = c.res.status;
  if (!isDefinitive(status)) {
    await releaseIdempotencyKey(deps, userId, key, claim.claimedAt);
    return;
  }
  try {
    const body = await c.res.clone().text();
    await completeIdempotencyKey(deps, userId, key, claim.claimedAt, { status, body });
  } catch (error) {
    // The work is done: the client gets its answer. Answering 500 instead would make it send again,
    // and, once the claim is stale, do the work twice.
    logger.error(
      { area: 'idempotency', requestId: c.get('requestId'), error: loggedError(error) },
      'the answer for an Idempotency-Key could not be stored',
    );
  }
}

// 2xx and 4xx answers are final for this request, but for 429: a rate limit passes, so the same
// request may be retried with the same key.
const isDefinitive = (status: number) =>
  (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 429);
