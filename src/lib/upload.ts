import { apiFetch } from './api-client';
import { AppError, toAppError } from './app-error';
import { getAuthTokens } from './auth-session';
import { buildUploadBody, type UploadFile } from './upload-body';
import './write-error-messages';

export { buildUploadBody, type UploadFile };

// The one path every upload takes (resume drop, profile completion, call proof). Each submission has a
// client-generated id sent as Idempotency-Key, so the offline outbox (issue 4) can replay it safely.
// XMLHttpRequest, not fetch, because only it reports upload progress.

export type UploadRequest = {
  path: string;
  method?: 'POST' | 'PUT';
  /** Typed values; lists and objects travel as JSON text (seed section 7). */
  fields: Record<string, unknown>;
  file?: UploadFile;
  fileField?: string;
  /** The submission's id (newClientId()); the same id on a retry. */
  clientId: string;
  /** 0..1 of the bytes sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** A raw answer of one send: status and JSON body. */
export type UploadTransport = (
  request: { url: string; method: string; body: FormData; headers: Record<string, string> },
  onProgress: ((fraction: number) => void) | undefined,
  signal: AbortSignal | undefined,
) => Promise<Response>;

export const newClientId = (): string => crypto.randomUUID();

const xhrTransport: UploadTransport = (request, onProgress, signal) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const headers = new Headers();
      const contentType = xhr.getResponseHeader('content-type');
      if (contentType) headers.set('content-type', contentType);
      const retryAfter = xhr.getResponseHeader('retry-after');
      if (retryAfter) headers.set('retry-after', retryAfter);
      resolve(new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, headers }));
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(request.body);
  });

let transport: UploadTransport = xhrTransport;

export const getUploadTransport = (): UploadTransport => transport;

/** Tests route uploads to the in-process server. */
export function setUploadTransport(next: UploadTransport | null): void {
  transport = next ?? xhrTransport;
}

/**
 * Sends a multipart upload with the current access token. On 401 it lets the API client refresh the
 * session (one shared refresh) and sends once more. Answers the JSON `data`; throws an AppError otherwise.
 */
export async function sendUpload<T>(request: UploadRequest): Promise<T> {
  const url = new URL(request.path, typeof location === 'undefined' ? 'http://localhost' : location.origin).toString();
  const send = async () => {
    const token = getAuthTokens()?.accessToken;
    const headers: Record<string, string> = { 'Idempotency-Key': request.clientId };
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await transport(
        { url, method: request.method ?? 'POST', body: buildUploadBody(request), headers },
        request.onProgress,
        request.signal,
      );
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new AppError('NETWORK_ERROR', 0, (error as Error).message);
    }
  };

  let response = await send();
  if (response.status === 401 && getAuthTokens()) {
    const before = getAuthTokens()?.accessToken;
    // A cheap authenticated call: the API client refreshes (or ends the session) as for any 401.
    await apiFetch('/api/recruiter/auth/me').catch(() => null);
    if (getAuthTokens()?.accessToken && getAuthTokens()?.accessToken !== before) response = await send();
  }
  if (!response.ok) throw await toAppError(response);
  const body = (await response.json()) as { success?: boolean; data?: T };
  return body.data as T;
}
