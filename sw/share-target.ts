/// <reference lib="webworker" />
import { registerRoute } from 'workbox-routing';
import { putSharedFile, SHARE_TARGET_FILE_FIELD, SHARE_TARGET_PATH } from '#src/lib/shared-file.ts';

declare const self: ServiceWorkerGlobalScope;

// Web Share Target (the manifest's share_target): Android posts the shared CV here as multipart form
// data. The worker answers on its own, network or not: it keeps the file in IndexedDB and sends the
// browser on to the /share-target page (303, so the reload is a GET), which asks which task it is for.
// Without a worker yet (first visit), the server answers the same POST with ?empty=1 (src/server/web.ts).

function redirectTo(search: string): Response {
  return Response.redirect(new URL(`${SHARE_TARGET_PATH}${search}`, self.location.origin).href, 303);
}

/** The shared file: the manifest's field, else any file the sharing app sent under another name. */
function sharedFileOf(form: FormData): File | null {
  const named = form.getAll(SHARE_TARGET_FILE_FIELD).find((entry): entry is File => entry instanceof File);
  if (named && named.size > 0) return named;
  for (const [, entry] of form) if (entry instanceof File && entry.size > 0) return entry;
  return null;
}

async function receiveShare(request: Request): Promise<Response> {
  try {
    const file = sharedFileOf(await request.formData());
    if (!file) return redirectTo('?empty=1');
    await putSharedFile({
      name: file.name,
      type: file.type,
      data: await file.arrayBuffer(),
      receivedAt: new Date().toISOString(),
    });
    return redirectTo('');
  } catch {
    // Not multipart, or IndexedDB refused (storage full): the page says the file did not arrive.
    return redirectTo('?empty=1');
  }
}

export function registerShareTarget(): void {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && url.pathname === SHARE_TARGET_PATH,
    ({ request }) => receiveShare(request),
    'POST',
  );
}
