import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../src/server/env';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'recruiter-env-'));

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
    expect(() => readEnv({ DATA_DIR: dataDir(), APP_ENV: 'production' })).toThrow(/JWT_SECRET is required/);
  });
});
