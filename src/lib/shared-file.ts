import { createStore, del, get, promisifyRequest, set } from 'idb-keyval';

// The one file shared into the app from another app (Web Share Target, Android): the service worker
// stores it here (sw/share-target.ts) and the /share-target page hands it to drop-resume. It lives in
// IndexedDB so the share works offline and survives the page loading. Imported by the service worker
// too: IndexedDB, Blob and ArrayBuffer only, nothing of the DOM or React (the hook is in
// use-shared-file-once.ts).

/** The URL the manifest's share_target posts to, and the page that then asks for the task. */
export const SHARE_TARGET_PATH = '/share-target';

/** The multipart field the manifest names for the file. */
export const SHARE_TARGET_FILE_FIELD = 'resume';

export type SharedFile = {
  name: string;
  type: string;
  /** Bytes, not a Blob: Safari cannot keep Blobs in IndexedDB reliably. */
  data: ArrayBuffer;
  /** ISO time the service worker received it; tells one share from the next. */
  receivedAt: string;
};

const KEY = 'current';
let store: ReturnType<typeof createStore> | undefined;
// Opened on first use: importing this module must not touch IndexedDB (tests, pages that never share).
const sharedStore = () => {
  store ??= createStore('recruiter-shared', 'files');
  return store;
};

/** Keeps `file` as the shared file; a newer share replaces an older one not taken yet. */
export function putSharedFile(file: SharedFile): Promise<void> {
  return set(KEY, file, sharedStore());
}

/** The shared file, left in place. */
export async function peekSharedFile(): Promise<SharedFile | undefined> {
  return (await get<SharedFile>(KEY, sharedStore())) ?? undefined;
}

/** The shared file, removed in the same transaction: two tabs never both get it. */
export function takeSharedFile(): Promise<SharedFile | undefined> {
  return sharedStore()('readwrite', (objects) => {
    const read = objects.get(KEY);
    objects.delete(KEY);
    // Answered once the transaction committed, so the file is gone when the caller has it.
    return promisifyRequest(objects.transaction).then(() => (read.result as SharedFile | undefined) ?? undefined);
  });
}

/** Forgets the shared file (Cancel, logout). */
export function clearSharedFile(): Promise<void> {
  return del(KEY, sharedStore());
}
