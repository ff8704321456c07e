import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { migrateToLatest, migrateUpTo, migrationNames } from '#src/server/db/migrate.ts';
import { resealOldValues } from '#src/server/personal-data/reseal.ts';
import { openPayout, readPayee, savePayee, sealPayout } from '#src/server/personal-data/sealed-details.ts';
import {
  newSealingKeyEntry,
  parseSealingKeys,
  SealedValueUnreadable,
  seal,
  sealedKeyId,
  unseal,
} from '#src/server/security/sealing.ts';
import { createTestApp, DIALECTS } from './helpers/test-app';

// Issue 46: values sealed with AES-256-GCM under the operator's keys (src/server/security/sealing.ts).

const keyA = newSealingKeyEntry('a');
const keyB = newSealingKeyEntry('b');

describe('sealing', () => {
  it('opens what it sealed, and never holds the plain text', () => {
    const keys = parseSealingKeys(keyA);
    const sealed = seal(keys, 'payee:7', '900615145071 Jalan Setiawangsa');
    expect(sealed).toMatch(/^s1\.a\.[\w-]{16}\.[\w-]+$/);
    expect(sealed).not.toContain('900615');
    expect(unseal(keys, 'payee:7', sealed)).toBe('900615145071 Jalan Setiawangsa');
    // A fresh nonce each time: the same value seals differently.
    expect(seal(keys, 'payee:7', 'same')).not.toBe(seal(keys, 'payee:7', 'same'));
  });

  it('opens a value only in its own place, unchanged, and with a key SEALING_KEYS lists', () => {
    const keys = parseSealingKeys(keyA);
    const sealed = seal(keys, 'payout:7', 'Maybank 514012345678');
    expect(() => unseal(keys, 'payout:8', sealed)).toThrow(SealedValueUnreadable);
    expect(() => unseal(keys, 'payee:7', sealed)).toThrow(SealedValueUnreadable);
    const body = sealed.split('.')[3] as string;
    const flipped = `${body.slice(0, 4)}${body[4] === 'A' ? 'B' : 'A'}${body.slice(5)}`;
    expect(() => unseal(keys, 'payout:7', sealed.replace(body, flipped))).toThrow(SealedValueUnreadable);
    expect(() => unseal(parseSealingKeys(keyB), 'payout:7', sealed)).toThrow(/key a, which SEALING_KEYS does not list/);
    expect(() => unseal(keys, 'payout:7', 'Maybank 514012345678')).toThrow(/not a sealed value/);
  });

  it('seals with the first key and opens with any key listed (a rotation)', () => {
    const before = parseSealingKeys(keyA);
    const after = parseSealingKeys(`${keyB},${keyA}`);
    const old = seal(before, 'payee:1', 'old');
    expect(sealedKeyId(old)).toBe('a');
    expect(unseal(after, 'payee:1', old)).toBe('old');
    expect(sealedKeyId(seal(after, 'payee:1', 'new'))).toBe('b');
  });
});

describe.each(DIALECTS)('a key rotation on %s', (dialect) => {
  it('seals again with the new first key every value an older key sealed, at start', async () => {
    const t = await createTestApp(dialect, { SEALING_KEYS: keyA });
    try {
      const oldKeys = parseSealingKeys(keyA);
      const one = await t.createUser();
      const two = await t.createUser();
      await t.setPayout(one.id, { bankName: 'Maybank', accountName: 'One', accountNumber: '514012345678' });
      const payee = {
        fullName: 'SATU',
        idType: 'MYKAD' as const,
        idNumber: '900615145071',
        taxNumber: null,
        address: {
          line1: 'Jalan 1',
          line2: null,
          line3: null,
          postcode: '54200',
          city: 'KL',
          state: 'SELANGOR' as const,
        },
      };
      await savePayee(t.db, oldKeys, two.id, payee, t.clock.now().toISOString());

      const newKeys = parseSealingKeys(`${keyB},${keyA}`);
      expect(await resealOldValues(t.db, newKeys)).toEqual({ resealed: 2, unreadable: 0 });
      const rows = await t.db.selectFrom('users').select(['id', 'payout_sealed']).orderBy('id').execute();
      expect(rows.map((row) => row.payout_sealed && sealedKeyId(row.payout_sealed))).toEqual(['b', null]);
      const sealedPayee = await t.db.selectFrom('payees').select('sealed').executeTakeFirstOrThrow();
      expect(sealedKeyId(sealedPayee.sealed)).toBe('b');

      // The old key can go now: everything opens with the new one alone.
      const onlyNew = parseSealingKeys(keyB);
      expect(openPayout(onlyNew, one.id, rows[0]?.payout_sealed ?? null)?.accountNumber).toBe('514012345678');
      expect((await readPayee(t.db, onlyNew, two.id))?.idNumber).toBe('900615145071');
      // Nothing more to do on the next start.
      expect(await resealOldValues(t.db, newKeys)).toEqual({ resealed: 0, unreadable: 0 });
    } finally {
      await t.close();
    }
  });

  it('leaves a value whose key is missing as it is, and says which key in the log', async () => {
    const t = await createTestApp(dialect);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const user = await t.createUser();
      const lost = sealPayout(parseSealingKeys(keyA), user.id, {
        bankName: 'X',
        accountName: 'Y',
        accountNumber: '123456',
      });
      await t.db.updateTable('users').set({ payout_sealed: lost }).where('id', '=', user.id).execute();
      expect(await resealOldValues(t.db, parseSealingKeys(keyB))).toEqual({ resealed: 0, unreadable: 1 });
      const row = await t.db.selectFrom('users').select('payout_sealed').where('id', '=', user.id).executeTakeFirst();
      expect(row?.payout_sealed).toBe(lost);
    } finally {
      error.mockRestore();
      await t.close();
    }
  });
});

describe.each(DIALECTS)('migration 021 on %s', (dialect) => {
  it('seals the bank details the release before stored as typed, and opens them back when rolled back', async () => {
    const t = await createTestApp(dialect);
    const keys = parseSealingKeys(keyA);
    const sealing = '2026-12-05-021-sealed-payout-and-payee';
    const before = migrationNames()[migrationNames().indexOf(sealing) - 1] as string;
    try {
      const user = await t.createUser();
      await t.setPayout(user.id, { bankName: 'CIMB', accountName: 'Aina', accountNumber: '8004123456' });
      const other = await t.createUser();
      // Rolled back to the release before: the details are back in their columns, as typed.
      await migrateUpTo(t.db, before, { sealingKeys: parseSealingKeys(t.env.SEALING_KEYS) });
      const plain = await sql<{ id: number; bank_account_number: string | null }>`
        select id, bank_account_number from users order by id`.execute(t.db);
      expect(plain.rows.map((row) => row.bank_account_number)).toEqual(['8004123456', null]);
      await sql`update users set bank_name = 'Maybank', bank_account_name = 'Omar', bank_account_number = '514012345678'
        where id = ${other.id}`.execute(t.db);

      await migrateToLatest(t.db, { sealingKeys: keys });
      const rows = await t.db.selectFrom('users').selectAll().orderBy('id').execute();
      expect(JSON.stringify(rows)).not.toMatch(/8004123456|514012345678/);
      expect(rows.map((row) => openPayout(keys, row.id, row.payout_sealed))).toEqual([
        { bankName: 'CIMB', accountName: 'Aina', accountNumber: '8004123456' },
        { bankName: 'Maybank', accountName: 'Omar', accountNumber: '514012345678' },
      ]);
    } finally {
      await t.close();
    }
  });
});
