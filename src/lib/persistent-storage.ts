/**
 * Asks the browser not to evict the saved query cache and the outbox under storage pressure (issue 4),
 * after a login. Best effort.
 */
export async function requestPersistentStorage(): Promise<void> {
  try {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.persist || (await storage.persisted?.())) return;
    await storage.persist();
  } catch {
    // Not granted or not supported: the cache still works, it may just be evicted.
  }
}
