import type { AppDeps } from '../../context';

const todo = (): never => {
  throw new Error('not implemented');
};

export type StoredFile = { name: string; mimeType: string; bytes: Uint8Array };

/**
 * A resume or call-proof file for the caller: its owner (the recruiter of the talent or referral) or an
 * admin. Anyone else gets 404, as if it did not exist.
 */
export async function readFileFor(
  _deps: AppDeps,
  _user: { id: number; roles: string[] },
  _fileId: number,
): Promise<StoredFile> {
  return todo();
}
