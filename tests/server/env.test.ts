import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD, readEnv } from '#src/server/env.ts';
import { newSealingKeyEntry, parseSealingKeys } from '#src/server/security/sealing.ts';
import { tempDirs } from './helpers/temp-dirs';

const dataDir = tempDirs('recruiter-env-');

describe('environment', () => {
  it('has working defaults for a developer machine', () => {
    const env = readEnv({ DATA_DIR: dataDir() });
    expect(env).toMatchObject({ PORT: 3000, APP_ENV: 'development', SEED_DEMO: true, AI_NOTE_QUOTA: 20 });
    expect(env.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('builds links for the port it listens on unless APP_URL says otherwise', () => {
    expect(readEnv({ DATA_DIR: dataDir(), PORT: '3456' }).APP_URL).toBe('http://localhost:3456');
    expect(readEnv({ DATA_DIR: dataDir(), APP_URL: 'https://recruiter.example' }).APP_URL).toBe(
      'https://recruiter.example',
    );
  });

  it('keeps the generated JWT secret across restarts', () => {
    const dir = dataDir();
    expect(readEnv({ DATA_DIR: dir }).JWT_SECRET).toBe(readEnv({ DATA_DIR: dir }).JWT_SECRET);
  });

  it('treats empty values as unset', () => {
    expect(readEnv({ DATA_DIR: dataDir(), DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names the variable and the problem for a bad value', () => {
    expect(() => readEnv({ DATA_DIR: dataDir(), PORT: 'abc' })).toThrow(/PORT="abc": must be a whole number/);
    expect(() => readEnv({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL.*postgres/);
    expect(() => readEnv({ DATA_DIR: dataDir(), SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('requires a shared JWT secret in production', () => {
    expect(() => readEnv({ DATA_DIR: dataDir(), APP_ENV: 'production', MAIL_TRANSPORT: 'file' })).toThrow(
      /JWT_SECRET is required/,
    );
  });

  describe('in production (issue 22)', () => {
    const production = (more: Record<string, string> = {}) =>
      readEnv({
        DATA_DIR: dataDir(),
        APP_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        SEALING_KEYS: newSealingKeyEntry('k1'),
        SMTP_URL: 'smtp://mail.example:587',
        ...more,
      });

    it('seeds no demo accounts unless SEED_DEMO=true says so', () => {
      expect(production().SEED_DEMO).toBe(false);
      expect(production({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
      expect(production({ SEED_DEMO: 'true', DEMO_PASSWORD: 'Our-own-demo#77' }).SEED_DEMO).toBe(true);
      // Elsewhere the default stays: `npm start` on a fresh machine still shows the demo.
      expect(readEnv({ DATA_DIR: dataDir(), APP_ENV: 'test' }).SEED_DEMO).toBe(true);
      expect(readEnv({ DATA_DIR: dataDir(), SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    });

    it('refuses to seed demo accounts with the published demo password', () => {
      expect(DEFAULT_DEMO_PASSWORD).toBe('Recruiter#2026');
      expect(() => production({ SEED_DEMO: 'true' })).toThrow(/SEED_DEMO=true.*DEMO_PASSWORD/);
      expect(() => production({ SEED_DEMO: 'yes', DEMO_PASSWORD: DEFAULT_DEMO_PASSWORD })).toThrow(/DEMO_PASSWORD/);
    });

    it('refuses to start without SMTP_URL unless MAIL_TRANSPORT=file asks for .eml files', () => {
      const noSmtp = {
        DATA_DIR: dataDir(),
        APP_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        SEALING_KEYS: newSealingKeyEntry('k1'),
      };
      expect(() => readEnv(noSmtp)).toThrow(/SMTP_URL is required when APP_ENV=production.*MAIL_TRANSPORT=file/);
      expect(readEnv({ ...noSmtp, MAIL_TRANSPORT: 'file' }).MAIL_TRANSPORT).toBe('file');
      // An instance that sends no mail (MAIL_WORKER=false) needs no SMTP of its own.
      expect(readEnv({ ...noSmtp, MAIL_WORKER: 'false' }).MAIL_WORKER).toBe(false);
      expect(production().MAIL_TRANSPORT).toBe('smtp');
    });

    it("refuses to start without SEALING_KEYS, which seal recruiters' identity and bank details (issue 46)", () => {
      expect(() => production({ SEALING_KEYS: '' })).toThrow(/SEALING_KEYS is required when APP_ENV=production/);
      expect(production().SEALING_KEYS).toMatch(/^k1:/);
    });
  });

  describe('SEALING_KEYS (issue 46)', () => {
    it('keeps a generated key in DATA_DIR (0600) on a developer machine, the same across restarts', () => {
      const dir = dataDir();
      const keys = readEnv({ DATA_DIR: dir }).SEALING_KEYS;
      expect(parseSealingKeys(keys).currentId).toMatch(/^local-[0-9a-f]{8}$/);
      expect(readEnv({ DATA_DIR: dir }).SEALING_KEYS).toBe(keys);
      expect(statSync(path.join(dir, 'sealing-keys')).mode & 0o777).toBe(0o600);
    });

    it('takes keys as id:key, the first sealing, in base64 or hex, and names a bad one without quoting it', () => {
      const hex = 'ab'.repeat(32);
      const env = readEnv({ DATA_DIR: dataDir(), SEALING_KEYS: `2027:${hex}, ${newSealingKeyEntry('2026')}` });
      expect(parseSealingKeys(env.SEALING_KEYS).currentId).toBe('2027');
      expect([...parseSealingKeys(env.SEALING_KEYS).keys.keys()]).toEqual(['2027', '2026']);
      const secret = 'c2VjcmV0LWJ1dC10b28tc2hvcnQ';
      for (const [value, problem] of [
        [`k1:${secret}`, /the key k1 must be 32 bytes/],
        [`k1:${hex},k1:${hex}`, /listed twice/],
        [hex, /entry 1 must be id:key/],
        [' , ', /at least one key/],
      ] as const) {
        let message = '';
        try {
          readEnv({ DATA_DIR: dataDir(), SEALING_KEYS: value });
        } catch (error) {
          message = (error as Error).message;
        }
        expect(message, value).toMatch(/SEALING_KEYS/);
        expect(message, value).toMatch(problem);
        expect(message, value).not.toContain(secret);
        expect(message, value).not.toContain(hex);
      }
    });
  });

  it("reads the payer's details for the statements and CP58 forms (issue 46)", () => {
    const env = readEnv({
      DATA_DIR: dataDir(),
      PAYER_NAME: ' Recruiter Sdn Bhd ',
      PAYER_REGISTRATION_NUMBER: '202001012345 (1234567-X)',
      PAYER_EMPLOYER_NUMBER: 'e-1234567890',
      PAYER_ADDRESS: 'Level 5, Menara Example|Jalan Ampang|50450 Kuala Lumpur',
      PAYER_PHONE: '+60 3-1234 5678',
    });
    expect(env).toMatchObject({
      PAYER_NAME: 'Recruiter Sdn Bhd',
      PAYER_REGISTRATION_NUMBER: '202001012345 (1234567-X)',
      PAYER_EMPLOYER_NUMBER: 'E 1234567890',
      PAYER_PHONE: '+60 3-1234 5678',
    });
    expect(() => readEnv({ DATA_DIR: dataDir(), PAYER_EMPLOYER_NUMBER: 'C 12345' })).toThrow(/PAYER_EMPLOYER_NUMBER/);
    expect(() => readEnv({ DATA_DIR: dataDir(), PAYER_PHONE: 'call us' })).toThrow(/PAYER_PHONE/);
    expect(readEnv({ DATA_DIR: dataDir() }).PAYER_NAME).toBeUndefined();
  });

  it('sends by SMTP when SMTP_URL is set and writes files otherwise, unless MAIL_TRANSPORT says', () => {
    expect(readEnv({ DATA_DIR: dataDir() }).MAIL_TRANSPORT).toBe('file');
    expect(readEnv({ DATA_DIR: dataDir(), SMTP_URL: 'smtp://m:25' }).MAIL_TRANSPORT).toBe('smtp');
    expect(readEnv({ DATA_DIR: dataDir(), SMTP_URL: 'smtp://m:25', MAIL_TRANSPORT: 'file' }).MAIL_TRANSPORT).toBe(
      'file',
    );
    expect(() => readEnv({ DATA_DIR: dataDir(), MAIL_TRANSPORT: 'smtp' })).toThrow(
      /MAIL_TRANSPORT=smtp needs SMTP_URL/,
    );
    expect(() => readEnv({ DATA_DIR: dataDir(), MAIL_TRANSPORT: 'pigeon' })).toThrow(/MAIL_TRANSPORT/);
  });

  it('creates DATA_DIR readable by the server only', () => {
    const dir = path.join(dataDir(), 'fresh');
    readEnv({ DATA_DIR: dir });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });
});
