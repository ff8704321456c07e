import type { AppDeps } from '../context';

// Demo data on an empty database (issue 2, "Demo data"). Returns the accounts it made, or null when
// the database already had users. TODO(helper): filled in by the seed work.
export async function seedDemo(_deps: AppDeps): Promise<{ accounts: { email: string; role: string }[] } | null> {
  return null;
}
