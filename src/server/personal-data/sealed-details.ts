import type { DB } from '#src/server/db/connect.ts';
import { type SealingKeys, sealJson, unsealJson } from '#src/server/security/sealing.ts';
import type { PayeeDetailsValues } from '#src/shared/payee-schemas.ts';
import type { PayeeDetails } from '#src/shared/payee-types.ts';

// The sealed details of a person who is paid (issue 46): the bank details on `users.payout_sealed` and the
// payee details for Form CP58 in `payees`, each sealed for its own place and user, so neither opens in
// another row. One file, so what is sealed and how it is named is said once.

/** Bank details as the recruiter typed them. Any of them may be null in a row sealed by migration 021. */
export type StoredPayout = { bankName: string | null; accountName: string | null; accountNumber: string | null };

const payoutPlace = (userId: number) => `payout:${userId}`;
const payeePlace = (userId: number) => `payee:${userId}`;

export const sealPayout = (keys: SealingKeys, userId: number, payout: StoredPayout) =>
  sealJson(keys, payoutPlace(userId), payout);

/** The user's bank details, or null when none were saved. */
export function openPayout(keys: SealingKeys, userId: number, sealed: string | null): StoredPayout | null {
  return sealed === null ? null : unsealJson<StoredPayout>(keys, payoutPlace(userId), sealed);
}

type StoredPayee = Omit<PayeeDetails, 'updatedAt'>;

export async function savePayee(
  db: DB,
  keys: SealingKeys,
  userId: number,
  values: PayeeDetailsValues,
  at: string,
): Promise<void> {
  const stored: StoredPayee = {
    fullName: values.fullName,
    idType: values.idType,
    idNumber: values.idNumber,
    taxNumber: values.taxNumber ?? null,
    address: { ...values.address, line2: values.address.line2 ?? null, line3: values.address.line3 ?? null },
  };
  const sealed = sealJson(keys, payeePlace(userId), stored);
  await db
    .insertInto('payees')
    .values({ user_id: userId, sealed, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ sealed, updated_at: at }))
    .execute();
}

/** The user's payee details, or null when none were saved. */
export async function readPayee(db: DB, keys: SealingKeys, userId: number): Promise<PayeeDetails | null> {
  const row = await db
    .selectFrom('payees')
    .select(['sealed', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return { ...unsealJson<StoredPayee>(keys, payeePlace(userId), row.sealed), updatedAt: row.updated_at };
}

/**
 * Each place a sealed value lives, for sealing again under a newer key (reseal.ts): a user's bank and payee
 * details by the user's id, and an issued Form CP58's copy of the payee details and its PDF by the form's id
 * (modules/cp58/cp58-store.ts).
 */
export const SEALED_PLACES = {
  payout: payoutPlace,
  payee: payeePlace,
  cp58Payee: (formId: number) => `cp58-payee:${formId}`,
  cp58Pdf: (formId: number) => `cp58-pdf:${formId}`,
};
