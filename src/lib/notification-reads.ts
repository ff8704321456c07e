import { api, unwrap } from './api-client';
import { asAppError } from './app-error';
import { currentUserId } from './auth-session';

// Notifications read while the server could not be reached (offline, or the network failed): opening an
// item, or "Mark all as read". The centre shows them read at once; they wait here, per user, until the
// server hears of them, so they do not come back unread when the list or the bell's count is next
// loaded. Both queries send what waits before they ask (notification-unread.ts, the centre's list), and
// the bell's count is asked again on reconnect. localStorage, so a reload or a closed app loses none;
// ids only, no content.

export type PendingReads = { all: boolean; ids: number[] };

const NONE: PendingReads = { all: false, ids: [] };
const keyOf = (userId: number) => `recruiter.notification-reads.${userId}`;

function load(userId: number): PendingReads {
  try {
    const stored = JSON.parse(localStorage.getItem(keyOf(userId)) ?? 'null') as Partial<PendingReads> | null;
    if (!stored || typeof stored !== 'object') return NONE;
    const ids = Array.isArray(stored.ids) ? stored.ids.filter((id) => Number.isSafeInteger(id) && id > 0) : [];
    return { all: stored.all === true, ids };
  } catch {
    return NONE;
  }
}

function save(userId: number, pending: PendingReads): void {
  try {
    if (!pending.all && pending.ids.length === 0) localStorage.removeItem(keyOf(userId));
    else localStorage.setItem(keyOf(userId), JSON.stringify(pending));
  } catch {
    // No storage (a private window's quota): the read stays shown, and is lost with the page.
  }
}

/** What the signed-in user read that the server has not heard of yet. */
export function pendingReads(): PendingReads {
  const userId = currentUserId();
  return userId === null ? NONE : load(userId);
}

/** A read the server could not be told of: one item, or all of them. */
export function rememberRead(target: 'all' | number): void {
  const userId = currentUserId();
  if (userId === null) return;
  const pending = load(userId);
  if (target === 'all') save(userId, { all: true, ids: [] });
  else if (!pending.all && !pending.ids.includes(target)) save(userId, { all: false, ids: [...pending.ids, target] });
}

/** Marks `pending` items read in a list answer (as the server will have them once told). */
export function withPendingReads<T extends { id: number; readAt: string | null }>(
  items: T[],
  pending: PendingReads,
  readAt: string,
): T[] {
  if (!pending.all && pending.ids.length === 0) return items;
  return items.map((item) =>
    item.readAt === null && (pending.all || pending.ids.includes(item.id)) ? { ...item, readAt } : item,
  );
}

let sending: Promise<void> | null = null;

/**
 * Tells the server of the reads that wait, oldest first; what it takes is forgotten. A network failure,
 * a session that has ended (401) or the server's own failure (5xx) stops and keeps the rest for the next
 * try; a refusal (an item erased meanwhile, a 404) forgets that one: it cannot be read any more. Never throws:
 * the caller's own call says whether the server is there. One run at a time (the bell and the list may
 * both ask).
 */
export function sendPendingReads(): Promise<void> {
  sending ??= send().finally(() => {
    sending = null;
  });
  return sending;
}

async function send(): Promise<void> {
  const userId = currentUserId();
  if (userId === null) return;
  const pending = load(userId);
  // The same user, still: another may sign in on this device while a call is out.
  const forget = (what: 'all' | number) => {
    if (currentUserId() !== userId) return;
    const now = load(userId);
    save(
      userId,
      what === 'all' ? { all: false, ids: now.ids } : { all: now.all, ids: now.ids.filter((id) => id !== what) },
    );
  };
  const tell = async (what: 'all' | number, call: () => Promise<unknown>) => {
    try {
      await call();
    } catch (error) {
      const { code, status } = asAppError(error);
      // Not heard (no network, the server failing) or not signed in any more (401): kept for the next try.
      if (code === 'NETWORK_ERROR' || status === 401 || status >= 500) return false;
    }
    forget(what);
    return true;
  };
  if (pending.all && !(await tell('all', () => unwrap(api.api.notifications['read-all'].$post())))) return;
  for (const id of pending.ids) {
    const told = await tell(id, () => unwrap(api.api.notifications[':id'].read.$post({ param: { id: String(id) } })));
    if (!told) return;
  }
}
