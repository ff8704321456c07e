import type { QueryClient } from '@tanstack/react-query';
import { type ClientResponse, hc } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '#src/server/app.ts';
import type { RefreshAnswer } from '#src/shared/auth-schemas.ts';
import { asAppError, toAppError } from './app-error';
import { AUTH_REFRESH_LOCK, AUTH_REFRESH_PATH, refreshHeaders } from './auth-cookie';
import {
  type AuthTokens,
  clearAuthTokens,
  getAuthTokens,
  reloadAuthTokensFromCookie,
  setAuthTokens,
} from './auth-session';
import { noteFetchFailed, noteServerAnswered } from './server-reachability';

// The typed API client. Its fetch attaches the bearer token and, on a 401, refreshes the tokens once
// (one refresh at a time in the tab, and across tabs with the Web Locks API), then replays the request
// once. A refused refresh, or a replay that is refused again, ends the session (seed sections 4 and 8).

export const REFRESH_PATH = AUTH_REFRESH_PATH;
export const REFRESH_LOCK_NAME = AUTH_REFRESH_LOCK;
// A 401 from these is an answer, not an expired session: wrong password, or already logged out.
const NO_REFRESH_PATHS = new Set(['/api/auth/login', '/api/auth/logout', REFRESH_PATH]);

type BaseFetch = (request: Request) => Promise<Response>;
type Locks = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

export type ApiClientOptions = {
  /** Absolute origin of the API; defaults to the page's origin. */
  baseUrl?: string;
  /** The network; tests route it to the in-process server with `app.request`. */
  baseFetch?: BaseFetch;
  /** Web Locks; `null` forces the in-tab single flight. Defaults to `navigator.locks` when present. */
  locks?: Locks | null;
  /** Called once the session has ended (tokens already cleared). Defaults to `endSessionAndGoHome`. */
  onSessionEnded?: () => void;
};

let registeredQueryClient: QueryClient | null = null;

/** main.tsx registers its QueryClient so an ended session also empties the cache. */
export function setApiQueryClient(queryClient: QueryClient): void {
  registeredQueryClient = queryClient;
}

/** Default end of a session: empty the cache, then a full load of '/' (seed: "logged out and sent to '/'"). */
export function endSessionAndGoHome(): void {
  registeredQueryClient?.clear();
  window.location.assign('/');
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? (typeof location === 'undefined' ? 'http://localhost' : location.origin);
  const network: BaseFetch = options.baseFetch ?? ((request) => fetch(request));
  // Every request tells whether the server answered: a fetch with no answer is offline, whatever
  // navigator.onLine says (lib/server-reachability.ts).
  const baseFetch: BaseFetch = (request) =>
    network(request).then(
      (response) => {
        noteServerAnswered();
        return response;
      },
      (error: unknown) => {
        noteFetchFailed(error);
        throw error;
      },
    );
  const locks =
    options.locks !== undefined
      ? options.locks
      : typeof navigator !== 'undefined' && navigator.locks
        ? (navigator.locks as Locks)
        : null;
  const onSessionEnded = options.onSessionEnded ?? endSessionAndGoHome;

  // The one refresh in flight in this tab, shared by every caller that got a 401 meanwhile.
  let inFlight: Promise<RefreshOutcome> | null = null;

  async function apiFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    // A Request built once and cloned per send, so a body can be sent again on replay.
    const template = new Request(toAbsolute(input, baseUrl), init);
    const path = new URL(template.url).pathname;
    const sentWith = getAuthTokens();
    const response = await baseFetch(withBearer(template.clone(), sentWith?.accessToken));
    if (response.status !== 401 || !sentWith || NO_REFRESH_PATHS.has(path)) return response;

    const outcome = await freshTokens(sentWith);
    if (outcome.kind === 'transient') {
      // Shared by every caller of this refresh: each reads its own copy.
      if (outcome.response) return outcome.response.clone();
      throw outcome.error;
    }
    if (outcome.kind === 'ended') {
      endSession();
      return response;
    }
    const replay = await baseFetch(withBearer(template.clone(), outcome.tokens.accessToken));
    if (replay.status === 401) endSession();
    return replay;
  }

  // Tokens newer than the ones a request was sent with: already refreshed in this tab, refreshed by
  // another tab (the cookie), or refreshed now.
  function freshTokens(sentWith: AuthTokens): Promise<RefreshOutcome> {
    const current = getAuthTokens();
    if (!current) return Promise.resolve({ kind: 'ended' });
    if (current.accessToken !== sentWith.accessToken) return Promise.resolve({ kind: 'fresh', tokens: current });
    if (!inFlight) {
      const run = () => refreshUnlessRotated(current);
      inFlight = (locks ? locks.request(REFRESH_LOCK_NAME, run) : run()).finally(() => {
        inFlight = null;
      });
    }
    return inFlight;
  }

  async function refreshUnlessRotated(stale: AuthTokens): Promise<RefreshOutcome> {
    // Inside the lock: another tab may have refreshed while we waited (its new access token is in the cookie).
    const shared = reloadAuthTokensFromCookie();
    if (!shared) return { kind: 'ended' };
    if (shared.accessToken !== stale.accessToken) return { kind: 'fresh', tokens: shared };

    let response: Response;
    try {
      // The refresh token travels in the HttpOnly cookie the browser adds (same origin).
      response = await baseFetch(new Request(new URL(REFRESH_PATH, baseUrl), { headers: refreshHeaders(shared) }));
    } catch (error) {
      // Offline is not a refused session: keep the tokens; the caller fails as fetch fails offline.
      return { kind: 'transient', error };
    }
    // Rate limited or server down: not a refusal either; the caller sees that answer.
    if (response.status === 429 || response.status >= 500) return { kind: 'transient', response };
    const body = response.ok ? ((await response.json().catch(() => null)) as RefreshAnswer | null) : null;
    if (!body || typeof body.accessToken !== 'string') return { kind: 'ended' };
    const tokens = { accessToken: body.accessToken, rememberMe: shared.rememberMe };
    setAuthTokens(tokens);
    return { kind: 'fresh', tokens };
  }

  let ending = false;
  function endSession() {
    clearAuthTokens();
    // Several requests may fail together; navigate once.
    if (ending) return;
    ending = true;
    setTimeout(() => {
      ending = false;
    }, 1000);
    onSessionEnded();
  }

  /**
   * For a 401 met outside apiFetch (the outbox's uploads): the same shared refresh. Answers whether
   * fresh tokens are there to send again with; a refused refresh ends the session here as well.
   */
  async function refreshAfter401(staleAccessToken: string): Promise<RefreshOutcome['kind']> {
    const current = getAuthTokens();
    if (!current) return 'ended';
    const outcome = await freshTokens({ ...current, accessToken: staleAccessToken });
    if (outcome.kind === 'ended') endSession();
    return outcome.kind;
  }

  const api = hc<AppType>(baseUrl, { fetch: apiFetch });
  return { api, apiFetch, refreshAfter401 };
}

type RefreshOutcome =
  | { kind: 'fresh'; tokens: AuthTokens }
  | { kind: 'ended' }
  | { kind: 'transient'; response?: Response; error?: unknown };

function toAbsolute(input: RequestInfo | URL, baseUrl: string): RequestInfo | URL {
  return typeof input === 'string' ? new URL(input, baseUrl) : input;
}

function withBearer(request: Request, accessToken: string | undefined): Request {
  if (accessToken) request.headers.set('Authorization', `Bearer ${accessToken}`);
  return request;
}

const client = createApiClient();
/** The typed client of the whole API: `api.api.recruiter.auth.me.$get()`. */
export const api = client.api;
/** fetch with the bearer token and the refresh-and-replay on 401 (for streams and uploads outside `api`). */
export const apiFetch = client.apiFetch;
/** The shared refresh after a 401 met outside `apiFetch` (the outbox). */
export const refreshAfter401 = client.refreshAfter401;

type OkBody<R> = R extends ClientResponse<infer T, infer S, 'json'> ? (S extends SuccessStatusCode ? T : never) : never;
type Unwrapped<B> = B extends { success: true; data: infer D } ? D : B;

/**
 * Awaits a client call: on ok, its JSON `data` (or the whole body when it has no `data`, like login);
 * otherwise throws the AppError of the answer. A network failure rejects as fetch does (see asAppError).
 */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(
  responsePromise: Promise<R>,
): Promise<Unwrapped<OkBody<R>>> {
  let response: R;
  try {
    response = await responsePromise;
  } catch (error) {
    throw asAppError(error);
  }
  if (!response.ok) throw await toAppError(response as unknown as Response);
  const body = (await response.json()) as { success?: unknown; data?: unknown } | null;
  if (body && typeof body === 'object' && body.success === true && 'data' in body) {
    return body.data as Unwrapped<OkBody<R>>;
  }
  return body as Unwrapped<OkBody<R>>;
}
