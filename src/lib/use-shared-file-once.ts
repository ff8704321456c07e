import { useEffect, useState } from 'react';
import { peekSharedFile, putSharedFile, type SharedFile, takeSharedFile } from './shared-file';

// Kept apart from shared-file.ts, which the service worker bundles: React stays out of the worker.

export type TakenSharedFile = Pick<SharedFile, 'name' | 'type' | 'data'>;

/**
 * The file shared into the app, taken out of IndexedDB once when `enabled` (drop-resume with
 * `?shared=1`); null until then, and when nothing was shared. Strict mode's mount-unmount-mount only
 * peeks in the first pass, and a page left while the take runs puts the file back, so it is never lost.
 */
export function useSharedFileOnce(enabled: boolean): TakenSharedFile | null {
  const [file, setFile] = useState<TakenSharedFile | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void (async () => {
      if (!live || !(await peekSharedFile()) || !live) return;
      const taken = await takeSharedFile();
      if (!taken) return;
      if (!live) {
        await putSharedFile(taken);
        return;
      }
      setFile({ name: taken.name, type: taken.type, data: taken.data });
    })().catch(() => {
      // No IndexedDB (private mode in old browsers): the recruiter picks the file by hand.
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return file;
}
